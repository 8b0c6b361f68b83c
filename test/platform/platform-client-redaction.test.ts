import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatError } from '../../src/cli/format-error.js';
import { createPlatformClient } from '../../src/platform/platform-client.js';
import { PlatformRequestError } from '../../src/platform/platform-errors.js';

const TOKEN = 'secret-tok-XYZ-0815';

/** A server that leaks: every answer quotes the Authorization header it got (as a careless debug build does). */
function leakyServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    if (req.url?.includes('/templates/')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html><body>${auth} ${auth}</body></html>`);
      return;
    }
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 500, msg: `failed for ${auth}`, error_detail: { header: auth, token: auth.slice(7) } }));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
  );
}

function everything(error: PlatformRequestError): string {
  return (
    JSON.stringify({
      message: error.message,
      details: error.details,
      failure: error.failure,
      hint: error.hint,
      cause: String(error.cause),
    }) + formatError(error)
  );
}

describe('platform text that echoes the token', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    ({ server, url } = await leakyServer());
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  test('a 500 whose error_detail and msg quote the Authorization header', async () => {
    const client = createPlatformClient({ baseUrl: url, token: TOKEN, getRetries: 0 });
    const error = (await client.categoryTree().catch((e: unknown) => e)) as PlatformRequestError;
    expect(error).toBeInstanceOf(PlatformRequestError);
    expect(error.failure).toMatchObject({ status: 500, platformCode: 500 });
    expect(error.failure.detail).toContain('[redacted]');
    expect(everything(error)).not.toContain(TOKEN);
  });

  test('an HTML page quoting the header (PROTOCOL_ERROR snippet)', async () => {
    const client = createPlatformClient({ baseUrl: url, token: TOKEN, getRetries: 0 });
    const error = (await client.getTemplate(101).catch((e: unknown) => e)) as PlatformRequestError;
    expect(error.code).toBe('PROTOCOL_ERROR');
    expect(everything(error)).not.toContain(TOKEN);
  });
});
