import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPlatformClient } from '../../src/platform/platform-client.js';
import { PlatformRequestError } from '../../src/platform/platform-errors.js';
import { runCliInProcess } from '../cli/run-cli-in-process.js';
import { manyTemplates } from '../fixtures/many-templates.js';

/**
 * A list endpoint that pages like the platform (out-of-range pages answer page 1) but whose `total`
 * promises more than its pages hold: `short` templates are missing from the end of the catalog.
 */
function inconsistentServer(
  catalog: readonly Record<string, unknown>[],
  claimedTotal: number,
): Promise<{ server: Server; url: string; pagesAsked: number[] }> {
  const pagesAsked: number[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const perPage = Number(url.searchParams.get('per_page') ?? 20);
    let page = Number(url.searchParams.get('page') ?? 1);
    pagesAsked.push(page);
    if ((page - 1) * perPage >= claimedTotal) page = 1;
    const templates = catalog.slice((page - 1) * perPage, page * perPage);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 0, msg: 'success', data: { templates, total: claimedTotal } }));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, pagesAsked })),
  );
}

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

async function serve(catalog: readonly Record<string, unknown>[], claimedTotal: number): Promise<{ url: string; pagesAsked: number[] }> {
  const started = await inconsistentServer(catalog, claimedTotal);
  servers.push(started.server);
  return started;
}

test('total 3 with an empty page is a PROTOCOL_ERROR, not "0 templates"', async () => {
  const { url } = await serve([], 3);
  const error = await createPlatformClient({ baseUrl: url, token: 'tok' })
    .listTemplates()
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PlatformRequestError);
  expect(error).toMatchObject({ code: 'PROTOCOL_ERROR', failure: { endpoint: 'GET templates', status: 200 } });

  const cli = await runCliInProcess(['templates', 'list'], { env: { MGE_BASE_URL: url, MGE_TOKEN: 'tok' } });
  expect(cli.code).toBe(3);
  expect(cli.stderr).toMatch(/^error PROTOCOL_ERROR:/);
  expect(cli.stdout).toBe('');
});

test('a short page before the last one stops the listing after that page (no endless paging)', async () => {
  const { url, pagesAsked } = await serve(manyTemplates(25).slice(0, 25), 45);
  const error = await createPlatformClient({ baseUrl: url, token: 'tok' })
    .listTemplates({ perPage: 10 })
    .catch((e: unknown) => e);
  expect(error).toMatchObject({ code: 'PROTOCOL_ERROR' });
  expect(pagesAsked).toEqual([1, 2, 3]);
});

test('a consistent catalog still lists completely, the last page partly filled', async () => {
  const catalog = manyTemplates(25).slice(0, 25);
  const { url, pagesAsked } = await serve(catalog, 25);
  const templates = await createPlatformClient({ baseUrl: url, token: 'tok' }).listTemplates({ perPage: 10 });
  expect(templates).toHaveLength(25);
  expect(pagesAsked).toEqual([1, 2, 3]);
});
