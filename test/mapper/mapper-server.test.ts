import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CountsView, MapperEdit, MapperState } from '../../src/mapper/mapper-api.js';
import { openMapperSession, type MapperSession } from '../../src/mapper/mapper-session.js';
import { MAPPER_CSP, startMapperServer, type MapperServer } from '../../src/mapper/start-mapper-server.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const TEMPLATES = path.resolve('samples/templates.json');

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** One request with the headers given as they are (a browser would not let a page set Host). */
function request(
  origin: string,
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const url = new URL(target, origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A page opened on a copy of the thermoelectrics sample, with a new mapping; its server; the cookie its link gives. */
async function openPage(): Promise<{ dir: string; session: MapperSession; server: MapperServer; cookie: string }> {
  const dir = await makeTempDir('mge-mapper-');
  await writeFile(path.join(dir, 'te.csv'), await readFile('samples/ucsb_thermoelectrics.csv'));
  const session = await openMapperSession(
    { input: 'te.csv', mappingFile: 'te.yaml', tid: 202, sourceOptions: {}, cwd: dir, methodsWidth: 3, version: 'test', next: [] },
    { template: { templateFile: TEMPLATES } },
  );
  const server = await startMapperServer(session, { port: 0 });
  const first = await request(server.origin, server.url);
  expect(first.status).toBe(303);
  const cookie = String(first.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
  return { dir, session, server, cookie };
}

async function edit(page: { server: MapperServer; cookie: string }, edits: readonly MapperEdit[]): Promise<MapperState> {
  const answer = await request(page.server.origin, '/api/edit', {
    method: 'POST',
    headers: { cookie: page.cookie, 'content-type': 'application/json', origin: page.server.origin },
    body: JSON.stringify({ edits }),
  });
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body) as MapperState;
}

async function finalCounts(page: { session: MapperSession; server: MapperServer; cookie: string }): Promise<CountsView> {
  await page.session.settled();
  const answer = await request(page.server.origin, '/api/counts', { headers: { cookie: page.cookie } });
  const counts = JSON.parse(answer.body) as CountsView;
  expect(counts.done).toBe(true);
  return counts;
}

const META: MapperEdit[] = [
  { kind: 'set', path: ['meta', 'title'], value: '{composition} thermoelectric properties' },
  { kind: 'set', path: ['meta', 'abstract'], value: 'Thermoelectric measurements of {composition} ({crystallinity}).' },
  { kind: 'set', path: ['meta', 'keywords'], value: ['thermoelectric', '{composition}'] },
];

describe('the mapper page server', () => {
  let page: Awaited<ReturnType<typeof openPage>>;
  beforeAll(async () => {
    page = await openPage();
  });
  afterAll(async () => {
    page.session.close();
    await page.server.close();
  });

  test('listens on 127.0.0.1 only and answers no other Host (DNS rebinding)', async () => {
    expect(page.server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const port = new URL(page.server.origin).port;
    for (const host of ['evil.example', `evil.example:${port}`, '127.0.0.1', `127.0.0.2:${port}`]) {
      const answer = await request(page.server.origin, '/api/state', { headers: { host, cookie: page.cookie } });
      expect([host, answer.status]).toEqual([host, 403]);
      expect(answer.body).not.toContain('"fields"');
    }
    expect((await request(page.server.origin, '/api/state', { headers: { host: `localhost:${port}`, cookie: page.cookie } })).status).toBe(
      200,
    );
  });

  test('without the token or its cookie nothing is served; the token works once', async () => {
    for (const target of ['/', '/api/state', '/api/counts', '/app/mapper.css', '/?token=wrong']) {
      const answer = await request(page.server.origin, target);
      expect([target, answer.status]).toEqual([target, 403]);
    }
    expect((await request(page.server.origin, '/api/state', { headers: { cookie: 'mge_mapper=guess' } })).status).toBe(403);
    // The link was used by openPage: opened again (from the history, by another program), it is refused.
    const again = await request(page.server.origin, page.server.url);
    expect(again.status).toBe(403);
    expect(again.headers['set-cookie']).toBeUndefined();
    const saved = await request(page.server.origin, '/api/save', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(saved.status).toBe(403);
  });

  test('every answer carries the strict CSP; posts from another origin or not as JSON are refused', async () => {
    const shell = await request(page.server.origin, '/', { headers: { cookie: page.cookie } });
    expect(shell.status).toBe(200);
    expect(shell.headers['content-security-policy']).toBe(MAPPER_CSP);
    expect(MAPPER_CSP).toContain("default-src 'none'");
    expect(MAPPER_CSP).not.toContain('unsafe');
    expect(shell.body).not.toMatch(/<script>|style=|https?:\/\/(?!127)/);
    const refused = await request(page.server.origin, '/nothing');
    expect(refused.headers['content-security-policy']).toBe(MAPPER_CSP);
    const body = JSON.stringify({ edits: META });
    const foreign = await request(page.server.origin, '/api/edit', {
      method: 'POST',
      headers: { cookie: page.cookie, 'content-type': 'application/json', origin: 'http://evil.example' },
      body,
    });
    expect(foreign.status).toBe(403);
    const form = await request(page.server.origin, '/api/edit', {
      method: 'POST',
      headers: { cookie: page.cookie, 'content-type': 'text/plain' },
      body,
    });
    expect(form.status).toBe(403);
    const bad = await request(page.server.origin, '/api/edit', {
      method: 'POST',
      headers: { cookie: page.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ edits: [{ kind: 'set', path: ['input', 'sheet'], value: 2 }] }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({ error: expect.stringContaining('not input') });
  });

  test('the counts are the ones validate gives for the saved mapping, and Save writes the mapping and nothing else', async () => {
    const before = await readdir(page.dir);
    const first = await edit(page, META);
    expect(first.problems).toEqual([]);
    expect(first.preview[0]?.values).toContainEqual(
      expect.objectContaining({ path: 'meta.title', value: 'Ti0.99Nb0.01NiSn thermoelectric properties' }),
    );
    const valid = await finalCounts(page);
    expect(valid).toMatchObject({ records: 1093, valid: 1093, invalid: 0 });
    // 空间群 read from a text column: every record invalid, counted by field and code.
    await edit(page, [{ kind: 'column', path: ['content', '空间群'], column: 'crystallinity' }]);
    const counts = await finalCounts(page);
    expect(counts.invalid).toBe(1093);
    expect(counts.byField['content.空间群']).toEqual({ VALUE_NOT_A_NUMBER: 1093 });

    const saved = await request(page.server.origin, '/api/save', {
      method: 'POST',
      headers: { cookie: page.cookie, 'content-type': 'application/json', origin: page.server.origin },
      body: '{}',
    });
    expect(saved.status).toBe(200);
    expect((await readdir(page.dir)).sort()).toEqual([...before, 'te.yaml'].sort());
    const text = await readFile(path.join(page.dir, 'te.yaml'), 'utf8');
    expect(text.split('\n')[0]).toMatch(/^# yaml-language-server: \$schema=/);
    expect(text).toContain('# 空间群 — number');
    expect(text).toMatch(/^key: \[id\]/m);

    const result = await runValidate(
      {
        mappingFile: 'te.yaml',
        inputs: ['te.csv'],
        cwd: page.dir,
        methodsWidth: 3,
        maxErrors: undefined,
        errorsFile: undefined,
        htmlFile: undefined,
        version: 'test',
      },
      { template: { templateFile: TEMPLATES } },
    );
    const { stoppedBy: _none, ...summary } = result.summary;
    expect(counts).toMatchObject(summary);
  });

  test('a save over a file another program changed meanwhile is refused, and the file is left as it is', async () => {
    await writeFile(path.join(page.dir, 'te.yaml'), '# mine\n');
    const answer = await request(page.server.origin, '/api/save', {
      method: 'POST',
      headers: { cookie: page.cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(409);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'MAPPER_SAVE_CONFLICT' });
    expect(await readFile(path.join(page.dir, 'te.yaml'), 'utf8')).toBe('# mine\n');
  });
});
