import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Small node:http servers that answer as an adversary would (or a broken proxy in front of the
 * platform): not pretend platforms, only the one misbehaviour a test is about.
 */
const servers: Server[] = [];

/** Starts `handler` on 127.0.0.1, port 0; resolves with its base URL. Stop them all with {@link closeServers}. */
export async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes every server {@link serve} started (for `afterAll`), their open connections too. */
export function closeServers(): Promise<unknown> {
  return Promise.all(servers.splice(0).map((s) => new Promise((resolve) => (s.closeAllConnections(), s.close(resolve)))));
}

/** Answers `status` with a JSON type and a body that never ends: 64 KiB chunks as fast as the client takes them. */
export function streamEndless(res: ServerResponse, status: number): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.write('{"code":0,"data":"');
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const pump = (): void => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
}
