import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MgeError } from '../../../src/errors/mge-error.js';
import { listenError } from '../../../src/platform/sandbox/listen-error.js';
import { startSandbox } from '../../../src/platform/sandbox/start-sandbox.js';
import { runCliInProcess } from '../../cli/run-cli-in-process.js';

describe('the sandbox on a port it cannot have', () => {
  let busy: Server;
  let port: number;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    port = (busy.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => busy.close(resolve)));

  test('a busy port is a usage error naming --port, not a crash', async () => {
    const error = await startSandbox({ port, host: '127.0.0.1' }).then(
      async (sandbox) => {
        await sandbox.close();
        throw new Error('expected the sandbox not to start');
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MgeError);
    expect(error).toMatchObject({ kind: 'usage', code: 'SANDBOX_PORT_IN_USE', location: { field: '--port' }, details: { port } });
  });

  test('`mge-ingest sandbox --port <busy>` exits 2 with one message and no stack trace', async () => {
    const result = await runCliInProcess(['sandbox', '--port', String(port)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error SANDBOX_PORT_IN_USE:/);
    expect(result.stderr).toContain('--port 0');
    expect(result.stderr).not.toMatch(/INTERNAL|\n\s+at .*\.js:\d+/);
  });

  test('EACCES is SANDBOX_PORT_DENIED; other listen errors pass through', () => {
    expect(listenError(Object.assign(new Error('listen EACCES'), { code: 'EACCES' }), 80, '0.0.0.0')).toMatchObject({
      kind: 'usage',
      code: 'SANDBOX_PORT_DENIED',
    });
    const other = Object.assign(new Error('getaddrinfo ENOTFOUND nohost'), { code: 'ENOTFOUND' });
    expect(listenError(other, 8700, 'nohost')).toBe(other);
  });
});
