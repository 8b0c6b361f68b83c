import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { ServerResponse } from 'node:http';
import { manyTemplates } from '../../fixtures/many-templates.js';
import type { CaseRun, HostileCase } from '../hostile-case.js';
import { deepCategoriesText, deepTemplateText, drip, endless, envelope, silent, TEMPLATE_201, uploadsTo } from '../adversaries.js';
import { ingest, steelCsv, write } from '../case-inputs.js';

/** The outcome lines (`uploaded`, `uncertain`, `failed`, …) of the case's report, by type and code. */
function outcomes(r: CaseRun): string[] {
  const lines = readFileSync(r.at('report.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as { type: string; code?: string });
  return lines.filter((l) => !['run', 'intent', 'retrying', 'summary'].includes(l.type)).map((l) => `${l.type} ${l.code ?? ''}`.trim());
}

/** Every row of the case's report ended with `outcome`. */
const allRows =
  (outcome: string, rows = 5) =>
  (r: CaseRun): void =>
    expect(outcomes(r)).toEqual(Array.from({ length: rows }, () => outcome));

/** Answers with a body that is not the platform's JSON: an HTML page. */
function htmlPage(status: number, body = '<html><body>Service Unavailable</body></html>') {
  return (_req: unknown, res: ServerResponse): void => {
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end(body);
  };
}

/** Ids no platform hands out; row `-i` of `seven.csv` is answered with the i-th. */
const NO_IDS: readonly unknown[] = [1e300, -1, 0, 7.5, '7', null, 2 ** 53];
const noIdFor = (body: string): unknown => NO_IDS[Number(/-(\d)"/.exec(body)?.[1] ?? 0)] ?? null;

/** Answers the platform would never give, from a server in its place. */
export const ANSWER_CASES: readonly HostileCase[] = [
  ...(['templates list', 'categories', 'projects', 'templates show 201'] as const).map((command): HostileCase => ({
    name: `answers: ${command} answered 200 without end is PROTOCOL_ERROR once past the limit, in little memory`,
    platform: { adversary: endless(200) },
    args: () => command.split(' '),
    exit: 3,
    code: 'PROTOCOL_ERROR',
    // Cut off at the limit and not asked again.
    requests: 1,
  })),
  {
    name: 'answers: ingest whose every submit is answered 201 without end: each row sent once, uncertain (PROTOCOL_ERROR)',
    platform: { adversary: uploadsTo(endless(201)) },
    args: () => ingest('input.csv'),
    exit: 1,
    sent: 5,
    check: allRows('uncertain PROTOCOL_ERROR'),
  },
  {
    name: 'answers: a submit answer declaring 2 MiB is refused before its body drips in; the row is uncertain',
    platform: {
      adversary: uploadsTo((_req, res) => {
        res.writeHead(201, { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) });
        const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write('x')), 200);
      }),
    },
    args: () => ingest('input.csv'),
    exit: 1,
    sent: 5,
    check: allRows('uncertain PROTOCOL_ERROR'),
  },
  {
    name: 'answers: a submit whose answer drips for ever ends at the --timeout deadline, uncertain (NETWORK_ERROR)',
    platform: { adversary: uploadsTo(drip(201)) },
    args: () => ingest('input.csv', '--timeout', '1'),
    exit: 1,
    sent: 5,
    check: allRows('uncertain NETWORK_ERROR'),
  },
  {
    name: 'answers: a submit never answered ends at the --timeout deadline, uncertain',
    platform: { adversary: uploadsTo(silent) },
    args: () => ingest('input.csv', '--timeout', '1'),
    exit: 1,
    sent: 5,
    check: allRows('uncertain NETWORK_ERROR'),
  },
  {
    name: 'answers: a GET whose answer drips for ever ends at the deadline of each of its tries (NETWORK_ERROR)',
    platform: { adversary: drip(200) },
    args: () => ['categories', '--timeout', '0.3'],
    exit: 3,
    code: 'NETWORK_ERROR',
    // Five tries of 0.3 s and their jittered backoff (at most 7.5 s in all).
    bounds: { ms: 20_000 },
  },
  {
    name: 'answers: a template list claiming 10^12 templates is refused on its first page',
    platform: { adversary: (_req, res) => envelope(res, { templates: manyTemplates(100), total: 1e12 }) },
    args: () => ['templates', 'list'],
    exit: 3,
    code: 'PROTOCOL_ERROR',
    requests: 1,
  },
  {
    name: 'answers: a template list answering every page with page 1 stops on page 2',
    // 100 a page, as the client asks for them.
    platform: { adversary: (_req, res) => envelope(res, { templates: manyTemplates(100).slice(0, 100), total: 250 }) },
    args: () => ['templates', 'list'],
    exit: 3,
    code: 'PROTOCOL_ERROR',
    requests: 2,
    check: ({ run }) => expect(run.stderr).toMatch(/repeats template/),
  },
  ...[-1, 2.5].map((total): HostileCase => ({
    name: `answers: a template list with a total of ${total} is refused`,
    platform: { adversary: (_req, res) => envelope(res, { templates: [], total }) },
    args: () => ['templates', 'list'],
    exit: 3,
    code: 'PROTOCOL_ERROR',
  })),
  {
    name: 'answers: submits answered with ids no platform hands out (1e300, -1, 0, 7.5, "7", null, 2^53+1) are uncertain',
    platform: { adversary: uploadsTo((req, res) => envelope(res, noIdFor(req.body), 201)) },
    make: (c) =>
      write(
        c,
        'seven.csv',
        steelCsv(7, (cells, i) => (cells[1] = `${cells[1]}-${i}`)),
      ),
    args: () => ingest('seven.csv'),
    exit: 1,
    sent: 7,
    check: allRows('uncertain PROTOCOL_ERROR', 7),
  },
  ...[8, -9].map((id): HostileCase => ({
    name: `answers: template 201 answered as template ${id} is a PROTOCOL_ERROR`,
    platform: { adversary: (_req, res) => envelope(res, { template: { ...TEMPLATE_201, id } }) },
    args: () => ['templates', 'show', '201'],
    exit: 3,
    code: 'PROTOCOL_ERROR',
  })),
  ...(['templates show 201', 'ingest'] as const).map((command): HostileCase => ({
    name: `answers: ${command} of a template whose fields nest 20,000 deep is TEMPLATE_MALFORMED, not a stack overflow`,
    platform: {
      adversary: (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(`{"code":0,"data":{"template":${deepTemplateText(20_000)}}}`);
      },
    },
    args: () => (command === 'ingest' ? ingest('input.csv') : command.split(' ')),
    exit: 2,
    code: 'TEMPLATE_MALFORMED',
  })),
  {
    name: 'answers: a category tree 100,000 levels deep is a PROTOCOL_ERROR, not a stack overflow',
    platform: {
      adversary: (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(`{"code":0,"data":${deepCategoriesText(100_000)}}`);
      },
    },
    args: () => ['categories'],
    exit: 3,
    code: 'PROTOCOL_ERROR',
  },
  {
    name: 'answers: a template listed with id 2^60 is a PROTOCOL_ERROR',
    platform: { adversary: (_req, res) => envelope(res, { templates: [{ ...manyTemplates(1)[0], id: 2 ** 60 }], total: 1 }) },
    args: () => ['templates', 'list'],
    exit: 3,
    code: 'PROTOCOL_ERROR',
  },
  {
    name: 'answers: a category with id -1 is a PROTOCOL_ERROR',
    platform: { adversary: (_req, res) => envelope(res, [{ id: -1, name: 'x', children: [] }]) },
    args: () => ['categories'],
    exit: 3,
    code: 'PROTOCOL_ERROR',
  },
  {
    name: 'answers: an HTML page (200) for the template stops ingest before any row is sent',
    platform: { adversary: htmlPage(200) },
    args: () => ingest('input.csv'),
    exit: 3,
    code: 'PROTOCOL_ERROR',
  },
  {
    name: 'answers: an HTML page (201) for each submit makes each row uncertain',
    platform: { adversary: uploadsTo(htmlPage(201)) },
    args: () => ingest('input.csv'),
    exit: 1,
    sent: 5,
    check: allRows('uncertain PROTOCOL_ERROR'),
  },
  {
    name: 'answers: a gzip bomb is never inflated (compression is not asked for): PROTOCOL_ERROR at once',
    platform: {
      adversary: (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(gzipSync(Buffer.alloc(512 * 1024 * 1024, ' ')));
      },
    },
    args: () => ['templates', 'list'],
    exit: 3,
    code: 'PROTOCOL_ERROR',
  },
  {
    name: 'answers: a redirect to another address is not followed (the token would go with it)',
    platform: {
      adversary: (req, res, c) => {
        if (req.url.startsWith('/stolen')) return envelope(res, { templates: [], total: 0 });
        res.writeHead(307, { location: `${c.url}/stolen` });
        res.end();
      },
    },
    args: () => ['templates', 'list'],
    exit: 3,
    code: 'PROTOCOL_ERROR',
    check: ({ seen }) => expect(seen.map((r) => r.url.startsWith('/stolen'))).not.toContain(true),
  },
  {
    name: 'answers: a 64 KiB response header is a NETWORK_ERROR, not a crash',
    platform: {
      adversary: (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'x-padding': 'x'.repeat(64 * 1024) });
        res.end('{}');
      },
    },
    args: () => ['categories'],
    exit: 3,
    code: 'NETWORK_ERROR',
  },
  {
    name: 'sandbox: a token the platform refuses stops ingest (TOKEN_REJECTED) before any row is sent',
    platform: { sandbox: { tokens: ['another-token'] } },
    args: () => ingest('input.csv'),
    exit: 3,
    code: 'TOKEN_REJECTED',
  },
  {
    name: 'sandbox: every connection reset after the body was read makes each row uncertain, none stored',
    platform: { sandbox: { resetRate: 1 } },
    args: () => ingest('input.csv'),
    exit: 1,
    check: allRows('uncertain NETWORK_ERROR'),
  },
  {
    name: 'sandbox: stored-then-500 on every submit trips the breaker after --max-uncertain-streak (UNCERTAIN_STREAK)',
    platform: { sandbox: { commitThenFailRate: 1 } },
    args: () => ingest('input.csv', '--concurrency', '1', '--max-uncertain-streak', '2'),
    exit: 3,
    code: 'UNCERTAIN_STREAK',
    sent: 2,
  },
  {
    name: 'sandbox (succeeds): the first three submits answered 429 are retried; every row is stored once',
    platform: { sandbox: { busyFirst: 3, retryAfterSeconds: 0 } },
    args: () => ingest('input.csv'),
    exit: 0,
    sent: 5,
  },
];
