import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '../../../src/platform/sandbox/start-sandbox.js';
import type { Sandbox } from '../../../src/platform/sandbox/sandbox-options.js';
import { manyTemplates } from '../../fixtures/many-templates.js';
import { sampleRecord } from '../../fixtures/sample-record.js';
import { tempDirSync } from '../../helpers/temp-dir.js';
import { withSandbox } from '../../helpers/with-sandbox.js';

const AUTH = { authorization: 'Bearer sandbox-token' };
const SUBMIT = '/api/v1.1/storage/o/data/full?username=curator';

async function call(
  sandbox: Sandbox,
  path: string,
  init: RequestInit = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests poke at the answers by shape
): Promise<{ status: number; type: string | null; text: string; json: any; headers: Headers }> {
  const response = await fetch(sandbox.url + path, {
    redirect: 'manual',
    ...init,
    headers: { ...AUTH, ...(init.headers as Record<string, string>) },
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, type: response.headers.get('content-type'), text, json, headers: response.headers };
}

function post(sandbox: Sandbox, body: unknown, path = SUBMIT, contentType = 'application/json'): ReturnType<typeof call> {
  return call(sandbox, path, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': contentType },
  });
}

describe('sandbox routing, auth and envelope', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ templates: manyTemplates(45), tokens: ['sandbox-token', { token: 'owned', owner: 'owner' }] });
  });
  afterAll(() => sandbox.close());

  test('a bad or missing token is 403 with an empty text/html body', async () => {
    for (const headers of [{ authorization: 'Bearer nope' }, { authorization: '' }]) {
      const response = await call(sandbox, '/api/v1/storage/o/templates', { headers });
      expect(response.status).toBe(403);
      expect(response.text).toBe('');
      expect(response.type).toMatch(/^text\/html/);
    }
  });

  test('a wrong method is 405 after auth, with Allow', async () => {
    const response = await call(sandbox, '/api/v1/storage/o/templates', { method: 'POST', body: '{}' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('GET');
    expect((await call(sandbox, '/api/v1.1/storage/o/data/full')).status).toBe(405);
    expect((await call(sandbox, '/api/v1.1/storage/o/data/full', { headers: { authorization: 'Bearer x' } })).status).toBe(403);
  });

  test('unknown URLs are a 404 HTML page; exact slashes matter', async () => {
    expect((await call(sandbox, '/api/v1/storage/o/nothing')).status).toBe(404);
    expect((await call(sandbox, '/api/v1.1/storage/o/data/full/')).status).toBe(404);
    expect((await call(sandbox, '/api/v1/storage/o/templates/abc')).type).toMatch(/^text\/html/);
    const redirect = await call(sandbox, '/api/v1/storage/o/material/projects');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/api/v1/storage/o/material/projects/');
  });

  test('the o/projects/ alias serves the same projects', async () => {
    const alias = await call(sandbox, '/api/v1/storage/o/projects/');
    const spec = await call(sandbox, '/api/v1/storage/o/material/projects/');
    expect(alias.status).toBe(200);
    expect(alias.json).toEqual(spec.json);
    expect(alias.json.data[0].subjects.length).toBeGreaterThan(0);
  });

  test('list quirks: out-of-range page is page 1, total is the filtered count, pub_only present includes unpublished', async () => {
    const page1 = await call(sandbox, '/api/v1/storage/o/templates?page=1&per_page=20');
    const page9 = await call(sandbox, '/api/v1/storage/o/templates?page=9&per_page=20');
    const junk = await call(sandbox, '/api/v1/storage/o/templates?page=x&per_page=y');
    expect(page1.json.data.total).toBe(45);
    expect(page9.json.data).toEqual(page1.json.data);
    expect(junk.json.data.templates).toHaveLength(20);
    expect((await call(sandbox, '/api/v1/storage/o/templates?pub_only=true')).json.data.total).toBe(47);
    expect((await call(sandbox, '/api/v1/storage/o/templates?meta_only=0')).json.data.templates[0].content).toBeUndefined();
    expect((await call(sandbox, '/api/v1/storage/o/templates?per_page=100000')).json.data.templates).toHaveLength(45);
    const zero = await call(sandbox, '/api/v1/storage/o/templates?per_page=0');
    expect([zero.status, zero.json.code]).toEqual([422, 2102]);
    expect((await call(sandbox, '/api/v1/storage/o/templates?category=abc')).json.code).toBe(2102);
    const own = await call(sandbox, '/api/v1/storage/o/templates?private=false&per_page=100', {
      headers: { authorization: 'Bearer owned' },
    });
    expect(own.json.data.templates.every((t: { username: string }) => t.username === 'owner')).toBe(true);
  });

  test('envelope errors carry data {} and error_detail', async () => {
    const response = await call(sandbox, '/api/v1/storage/o/templates/5');
    expect(response.status).toBe(422);
    expect(response.type).toMatch(/^application\/json/);
    expect(response.json).toEqual({ code: 2102, msg: 'Bad data', data: {}, error_detail: 'id not exists' });
  });
});

describe('sandbox submit semantics', () => {
  let sandbox: Sandbox;
  let store: string;
  beforeAll(async () => {
    store = join(tempDirSync('mge-sandbox-'), 'store.jsonl');
    sandbox = await startSandbox({ storeFile: store, firstId: 500, tokens: ['sandbox-token', { token: 'owned', owner: 'owner' }] });
  });
  afterAll(() => sandbox.close());

  test('201 with increasing integer ids, no dedup, appended to the store file', async () => {
    const first = await post(sandbox, sampleRecord());
    const second = await post(sandbox, sampleRecord());
    expect(first.status).toBe(201);
    expect(first.json).toEqual({ code: 0, data: 500 });
    expect(second.json.data).toBe(501);
    const lines = readFileSync(store, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.id)).toEqual([500, 501]);
    expect(lines[0].body.content.牌号).toBe('GH4169');
  });

  test('content-type, body and username errors', async () => {
    expect((await post(sandbox, sampleRecord(), SUBMIT, 'text/plain')).json.code).toBe(2202);
    expect((await post(sandbox, sampleRecord(), SUBMIT, 'application/json; charset=utf-8')).status).toBe(201);
    const broken = await post(sandbox, '{"meta":');
    expect([broken.status, broken.json.code]).toEqual([406, 2202]);
    expect((await post(sandbox, [1])).json.code).toBe(2202);
    const noUser = await post(sandbox, sampleRecord(), '/api/v1.1/storage/o/data/full');
    expect([noUser.status, noUser.json.code]).toEqual([422, 2105]);
  });

  test('a token with an owner ignores ?username', async () => {
    const response = await call(sandbox, '/api/v1.1/storage/o/data/full?username=other', {
      method: 'POST',
      body: JSON.stringify(sampleRecord()),
      headers: { authorization: 'Bearer owned', 'content-type': 'application/json' },
    });
    expect(sandbox.records().find((r) => r.id === response.json.data)?.username).toBe('owner');
  });

  test('meta checks: source, reference, missing meta/content, public_date', async () => {
    const codes = async (record: unknown): Promise<[number, number]> => {
      const r = await post(sandbox, record);
      return [r.status, r.json.code];
    };
    expect(await codes(sampleRecord({}, { source: { source: '11', methods: '010' } }))).toEqual([422, 2102]);
    expect(await codes(sampleRecord({}, { source: { source: '01', methods: '010' } }))).toEqual([422, 2102]);
    expect(await codes(sampleRecord({}, { source: { source: '01', methods: '010', reference: 'Doe 2020' } }))).toEqual([201, 0]);
    expect(await codes(sampleRecord({}, { source: { source: '10' } }))).toEqual([422, 2102]);
    expect(await codes({ content: {} })).toEqual([422, 2200]);
    expect(await codes({ meta: sampleRecord().meta })).toEqual([422, 2200]);
    expect(await codes(sampleRecord({}, { title: '' }))).toEqual([422, 2102]);
    expect(await codes(sampleRecord({}, { public_date: null }))).toEqual([500, 500]);
    expect(await codes(sampleRecord({}, { tid: '101' }))).toEqual([201, 0]);
  });

  test('content: unknown keys dropped, "" satisfies required, files must exist, arrays iterate', async () => {
    const ok = await post(
      sandbox,
      sampleRecord({
        牌号: '',
        额外: 'x',
        显微组织: ['/media/_fs/sandbox/a.png'],
        原始数据: 'not-an-array',
        化学成分: [{ 元素: 'Ni', 未知: 1 }],
      }),
    );
    expect(ok.status).toBe(201);
    const stored = sandbox.records().find((r) => r.id === ok.json.data)!;
    expect(stored.body.content).toEqual({
      牌号: '',
      试验温度: 650,
      热处理状态: '固溶+时效',
      显微组织: ['/media/_fs/sandbox/a.png'],
      化学成分: [{ 元素: 'Ni' }],
    });
    const missingFile = await post(sandbox, sampleRecord({ 显微组织: ['/media/_fs/data_images/nope.png'] }));
    expect([missingFile.status, missingFile.json.code, missingFile.json.error_detail]).toEqual([
      422,
      2109,
      'Cannot find file "_fs/data_images/nope.png"',
    ]);
    const known = await post(
      sandbox,
      sampleRecord({ 原始数据: ['/media/_fs/data_files/2024/05/08/9d2a7c11-1f0e-4b3a-8d6c-2e5f7a9b0c12.csv'] }),
    );
    expect(known.status).toBe(201);
    const rowMissing = await post(sandbox, sampleRecord({ 化学成分: [{ 含量: 1 }] }));
    expect(rowMissing.json).toMatchObject({ code: 2102, error_detail: 'field "元素" is missing' });
    expect((await post(sandbox, sampleRecord({ 试验条件: 'flat' }))).status).toBe(500);
  });
});

describe('sandbox modes and faults', () => {
  test('methods width 4 rejects a 3-bit mask, width 3 the reverse, any takes both', async () => {
    await withSandbox({ inMemory: true, methodsWidth: 4 }, async (sandbox) => {
      expect((await post(sandbox, sampleRecord())).json.code).toBe(2102);
      expect((await post(sandbox, sampleRecord({}, { source: { source: '10', methods: '0100' } }))).status).toBe(201);
    });
    await withSandbox({ inMemory: true, methodsWidth: 3 }, async (sandbox) => {
      expect((await post(sandbox, sampleRecord({}, { source: { source: '10', methods: '0100' } }))).json.code).toBe(2102);
    });
  });

  test('strict content rejects numeric strings and unknown keys with 2102', async () => {
    await withSandbox({ inMemory: true, contentStrictness: 'strict' }, async (sandbox) => {
      expect((await post(sandbox, sampleRecord({ 试验温度: '650' }))).json.code).toBe(2102);
      expect((await post(sandbox, sampleRecord({ 额外: 1 }))).json.code).toBe(2102);
      expect((await post(sandbox, sampleRecord())).status).toBe(201);
    });
  });

  test('the same seed gives the same fault sequence', async () => {
    const run = (): Promise<number[]> =>
      withSandbox(
        { inMemory: true, failRate: 0.2, busyRate: 0.2, commitThenFailRate: 0.2, seed: 7, retryAfterSeconds: 3 },
        async (sandbox) => {
          const statuses: number[] = [];
          for (let i = 0; i < 30; i++) {
            const r = await post(sandbox, sampleRecord());
            statuses.push(r.status);
            if (r.status === 429) expect(r.headers.get('retry-after')).toBe('3');
          }
          const stats = sandbox.stats();
          expect(stats.stored).toBe(sandbox.records().length);
          expect(stats.stored).toBe(statuses.filter((s) => s === 201 || s === 500).length);
          return statuses;
        },
      );
    const first = await run();
    expect(await run()).toEqual(first);
    expect(first).toEqual(expect.arrayContaining([201, 429, 500]));
    expect(first.some((s) => s === 502 || s === 503)).toBe(true);
  });

  test('resetRate destroys the connection without an answer and stores nothing', async () => {
    await withSandbox({ inMemory: true, resetRate: 1 }, async (sandbox) => {
      await expect(post(sandbox, sampleRecord())).rejects.toThrow();
      expect(sandbox.stats()).toMatchObject({ resets: 1, stored: 0 });
      expect((await call(sandbox, '/api/v1/storage/o/projects/')).status).toBe(200);
    });
  });

  test('maxRps answers 429 beyond N requests in one second of the injected clock', async () => {
    let clock = 10_000;
    await withSandbox({ inMemory: true, maxRps: 2, now: () => clock }, async (sandbox) => {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await call(sandbox, '/api/v1/storage/o/projects/')).status);
      clock += 1000;
      statuses.push((await call(sandbox, '/api/v1/storage/o/projects/')).status);
      expect(statuses).toEqual([200, 200, 429, 200]);
      expect(sandbox.stats().busy).toBe(1);
    });
  });
});
