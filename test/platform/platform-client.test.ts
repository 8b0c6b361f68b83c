import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MgeError } from '../../src/errors/mge-error.js';
import { createPlatformClient, type PlatformClient } from '../../src/platform/platform-client.js';
import { PlatformRequestError } from '../../src/platform/platform-errors.js';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-options.js';
import { manyTemplates } from '../fixtures/many-templates.js';
import { sampleRecord } from '../fixtures/sample-record.js';

const noSleep = async (): Promise<void> => {};

async function caught(promise: Promise<unknown>): Promise<PlatformRequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PlatformRequestError) return error;
    throw error;
  }
  throw new Error('expected a PlatformRequestError');
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('platform client against the sample sandbox', () => {
  let sandbox: Sandbox;
  let client: PlatformClient;
  beforeAll(async () => {
    sandbox = await startSandbox();
    client = createPlatformClient({ baseUrl: sandbox.url, token: 'sandbox-token', sleep: noSleep });
  });
  afterAll(() => sandbox.close());

  test('gets one template as a typed field tree', async () => {
    const template = await client.getTemplate(101);
    expect(template.id).toBe(101);
    expect(template.fields.map((f) => f.name)).toContain('化学成分');
    const table = template.fields.find((f) => f.name === '化学成分');
    expect(table?.type).toBe('table');
  });

  test('a missing template (422/2102) is a template error', async () => {
    const error = (await client.getTemplate(999).catch((e: unknown) => e)) as MgeError;
    expect(error).toBeInstanceOf(MgeError);
    expect([error.kind, error.code]).toEqual(['template', 'TEMPLATE_NOT_FOUND']);
    expect(error.details).toMatchObject({ status: 422, platformCode: 2102, endpoint: 'GET templates/999' });
  });

  test('an unpublished template (422/2102) is a template error', async () => {
    const error = (await client.getTemplate(103).catch((e: unknown) => e)) as MgeError;
    expect([error.kind, error.code]).toEqual(['template', 'TEMPLATE_UNPUBLISHED']);
    expect(error.details).toMatchObject({ status: 422, platformCode: 2102 });
  });

  test('lists published templates only', async () => {
    const templates = await client.listTemplates();
    // samples/templates.json grows with the samples; 103 is its unpublished one.
    const samples = (
      JSON.parse(readFileSync(new URL('../../samples/templates.json', import.meta.url), 'utf8')) as {
        templates: { id: number; published?: boolean }[];
      }
    ).templates;
    const published = samples
      .filter((t) => t.published !== false)
      .map((t) => t.id)
      .sort();
    expect(published).toContain(101);
    expect(published).not.toContain(103);
    expect(templates.map((t) => t.id).sort()).toEqual(published);
  });

  test('reads the category tree, localized by Accept-Language', async () => {
    const tree = await client.categoryTree();
    const ids = JSON.stringify(tree);
    expect(ids).toContain('"id":12');
    expect(tree[0]?.children.length).toBeGreaterThan(0);
    const english = createPlatformClient({ baseUrl: sandbox.url, token: 'sandbox-token', acceptLanguage: 'en' });
    const [metals] = await english.categoryTree();
    expect(metals?.name).toBe('Metallic materials');
  });

  test('reads projects with their topics', async () => {
    const projects = await client.projects();
    expect(projects[0]?.id).toBe('2016YFB0700100');
    expect(projects[0]?.topics.map((t) => t.id)).toEqual(['2016YFB0700101', '2016YFB0700102']);
    expect(projects[0]?.topics[0]?.projectId).toBe('2016YFB0700100');
  });

  test('submits a record and gets its id; unknown content keys are dropped by the platform', async () => {
    const id = await client.submitRecord(sampleRecord({ 不存在的字段: 1 }), { username: 'curator' });
    const stored = sandbox.records().find((r) => r.id === id);
    expect(stored?.username).toBe('curator');
    expect(stored?.body.content).toEqual({ 牌号: 'GH4169', 试验温度: 650, 热处理状态: '固溶+时效' });
  });

  test('a required field missing is 2102', async () => {
    const error = await caught(client.submitRecord(sampleRecord({ 牌号: null }), { username: 'curator' }));
    expect(error.failure).toMatchObject({ status: 422, platformCode: 2102, detail: 'field "牌号" is missing', requestSent: true });
  });

  test('an unknown template id on submit is 404/404', async () => {
    const error = await caught(client.submitRecord(sampleRecord({}, { tid: 999 }), { username: 'curator' }));
    expect(error.failure).toMatchObject({ status: 404, platformCode: 404 });
  });

  test('a wrong token is TOKEN_REJECTED and the token appears nowhere in the error', async () => {
    const secret = 'not-the-right-token-4711';
    const bad = createPlatformClient({ baseUrl: sandbox.url, token: secret, sleep: noSleep });
    const error = await caught(bad.listTemplates());
    expect(error.code).toBe('TOKEN_REJECTED');
    expect(error.kind).toBe('fatal');
    expect(error.failure.status).toBe(403);
    expect(JSON.stringify({ message: error.message, details: error.details, hint: error.hint, cause: String(error.cause) })).not.toContain(
      secret,
    );
  });
});

describe('listing many templates', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ templates: manyTemplates(48) });
  });
  afterAll(() => sandbox.close());

  test('fetches every page by total with per_page 20', async () => {
    const client = createPlatformClient({ baseUrl: sandbox.url, token: 'sandbox-token' });
    const before = sandbox.stats().requests;
    const templates = await client.listTemplates({ perPage: 20 });
    expect(templates).toHaveLength(48);
    expect(new Set(templates.map((t) => t.id)).size).toBe(48);
    expect(sandbox.stats().requests - before).toBe(3);
  });

  test('filters by category', async () => {
    const client = createPlatformClient({ baseUrl: sandbox.url, token: 'sandbox-token' });
    const templates = await client.listTemplates({ category: 15, perPage: 7 });
    expect(templates.length).toBe(16);
    expect(templates.every((t) => t.categoryId === 15)).toBe(true);
  });
});

describe('responses that are not the platform', () => {
  test('a 200 HTML page where JSON was expected is PROTOCOL_ERROR', async () => {
    const { server, url } = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html><body>app</body></html>');
    });
    try {
      const client = createPlatformClient({ baseUrl: url, token: 't', sleep: noSleep });
      const error = await caught(client.categoryTree());
      expect(error.code).toBe('PROTOCOL_ERROR');
      expect(error.failure).toMatchObject({ status: 200, endpoint: 'GET material/category/tree', requestSent: true });
    } finally {
      server.close();
    }
  });

  test('JSON that is not the envelope is PROTOCOL_ERROR, a malformed payload too', async () => {
    const { server, url } = await listen((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url?.includes('tree') ? '{"code":0,"data":{"not":"a list"}}' : '[1,2,3]');
    });
    try {
      const client = createPlatformClient({ baseUrl: url, token: 't', sleep: noSleep });
      expect((await caught(client.projects())).code).toBe('PROTOCOL_ERROR');
      expect((await caught(client.categoryTree())).code).toBe('PROTOCOL_ERROR');
    } finally {
      server.close();
    }
  });

  test('a record given as JSON text is POSTed byte for byte, typed as JSON, GETs untyped', async () => {
    const seen: { method: string; type: string | undefined; body: string }[] = [];
    const { server, url } = await listen((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', type: req.headers['content-type'], body });
        res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 0, data: req.method === 'POST' ? 7 : [] }));
      });
    });
    try {
      const client = createPlatformClient({ baseUrl: url, token: 't', sleep: noSleep });
      // Keys out of insertion order and a non-ASCII name: nothing may re-serialize the text.
      const text = '{"content":{"牌号":"GH4169"},"meta":{"tid":101,"title":"t"}}';
      expect(await client.submitRecord(text, { username: 'u' })).toBe(7);
      await client.projects();
      expect(seen).toEqual([
        { method: 'POST', type: 'application/json', body: text },
        { method: 'GET', type: undefined, body: '' },
      ]);
    } finally {
      server.close();
    }
  });

  test('connection refused is a NETWORK_ERROR that was certainly not sent', async () => {
    const { server, url } = await listen(() => undefined);
    await new Promise((resolve) => server.close(resolve));
    const sleeps: number[] = [];
    const client = createPlatformClient({ baseUrl: url, token: 't', sleep: async (ms) => void sleeps.push(ms), random: () => 0.5 });
    const error = await caught(client.submitRecord(sampleRecord(), { username: 'u' }));
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.failure).toMatchObject({ reason: 'refused', requestSent: false });
    expect(sleeps).toEqual([]);
    const getError = await caught(client.projects());
    expect(getError.failure.reason).toBe('refused');
    // The POST queue's backoff (half of 500 ms doubling, with the jitter at 0.5), four retries.
    expect(sleeps).toEqual([250, 500, 1000, 2000]);
  });
});

describe('submit failures as the upload stage sees them', () => {
  const submitWith = async (options: Parameters<typeof startSandbox>[0]): Promise<{ error: PlatformRequestError; stored: number }> => {
    const sandbox = await startSandbox(options);
    try {
      const client = createPlatformClient({ baseUrl: sandbox.url, token: 'sandbox-token' });
      const error = await caught(client.submitRecord(sampleRecord(), { username: 'u' }));
      return { error, stored: sandbox.records().length };
    } finally {
      await sandbox.close();
    }
  };

  test('429 is PLATFORM_BUSY with the raw Retry-After', async () => {
    const { error, stored } = await submitWith({ busyRate: 1, retryAfterSeconds: 7 });
    expect(error.code).toBe('PLATFORM_BUSY');
    expect(error.failure).toMatchObject({ status: 429, retryAfter: '7', requestSent: true });
    expect(stored).toBe(0);
  });

  test('a reset after the body was written is a NETWORK_ERROR with requestSent true', async () => {
    const { error } = await submitWith({ resetRate: 1 });
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.failure).toMatchObject({ reason: 'reset', requestSent: true });
  });

  test('commit-then-fail is a 500 PLATFORM_ERROR although the record was stored', async () => {
    const { error, stored } = await submitWith({ commitThenFailRate: 1 });
    expect(error.code).toBe('PLATFORM_ERROR');
    expect(error.failure).toMatchObject({ status: 500, platformCode: 500 });
    expect(stored).toBe(1);
  });

  test('a 502/503 HTML answer keeps its status', async () => {
    const { error } = await submitWith({ failRate: 1, seed: 3 });
    expect([502, 503]).toContain(error.failure.status);
    expect(error.code).toBe(error.failure.status === 503 ? 'PLATFORM_BUSY' : 'PLATFORM_ERROR');
  });

  test('an aborted submit before sending is certainly not sent', async () => {
    const sandbox = await startSandbox();
    try {
      const client = createPlatformClient({ baseUrl: sandbox.url, token: 'sandbox-token' });
      const error = await caught(client.submitRecord(sampleRecord(), { username: 'u', signal: AbortSignal.abort() }));
      expect(error.code).toBe('NETWORK_ERROR');
      expect(error.failure.requestSent).toBe(false);
      expect(sandbox.records()).toHaveLength(0);
    } finally {
      await sandbox.close();
    }
  });
});

test('GETs retry a busy platform, honoring its Retry-After, then give up with PLATFORM_BUSY', async () => {
  const sandbox = await startSandbox({ busyRate: 1, faultsOn: 'all', retryAfterSeconds: 2 });
  try {
    const sleeps: number[] = [];
    const client = createPlatformClient({
      baseUrl: sandbox.url,
      token: 'sandbox-token',
      sleep: async (ms) => void sleeps.push(ms),
      random: () => 0.5,
    });
    const error = await caught(client.categoryTree());
    expect(error.code).toBe('PLATFORM_BUSY');
    // The longer of the backoff and the Retry-After: 2 s until the backoff passes it.
    expect(sleeps).toEqual([2000, 2000, 2000, 2000]);
    expect(sandbox.stats().requests).toBe(5);
  } finally {
    await sandbox.close();
  }
});

test('a timeout after the body was written is a NETWORK_ERROR with requestSent true (the outcome is unknown)', async () => {
  const sandbox = await startSandbox({ latencyMs: 1000 });
  try {
    const client = createPlatformClient({ baseUrl: sandbox.url, token: 'sandbox-token', timeoutMs: 100 });
    const error = await caught(client.submitRecord(sampleRecord(), { username: 'u' }));
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.failure).toMatchObject({ reason: 'timeout', requestSent: true });
  } finally {
    await sandbox.close();
  }
});
