import { SandboxError } from './sandbox-errors.js';

/**
 * Turns a failed `server.listen` into a user error: a busy port (`EADDRINUSE`) or one the user may not
 * bind (`EACCES`, ports below 1024 without privileges) is a wrong `--port`, not a bug of the tool.
 * Other errors (an unknown `--host` address, …) pass through unchanged.
 */
export function listenError(error: unknown, port: number, host: string): unknown {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const where = `${host}:${port}`;
  const common = { location: { field: '--port' }, cause: error, details: { port, host } };
  if (code === 'EADDRINUSE') {
    return new SandboxError('SANDBOX_PORT_IN_USE', `port ${port} is already in use (${where})`, {
      ...common,
      hint: 'Stop what listens there, pick another --port, or give --port 0 to let the system pick a free port.',
    });
  }
  if (code === 'EACCES') {
    return new SandboxError('SANDBOX_PORT_DENIED', `not allowed to listen on port ${port} (${where})`, {
      ...common,
      hint: 'Ports below 1024 need privileges: pick a port above 1024, or give --port 0 to let the system pick a free port.',
    });
  }
  return error;
}
