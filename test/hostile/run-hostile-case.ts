import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { copyFile, lstat, mkdir, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import type { StoredRecord } from '../../src/platform/sandbox/sandbox-options.js';
import type { CliPool } from '../helpers/cli-runner-pool.js';
import { fileDigest, HOSTILE_BOUNDS, runMeasuredCli, showsStack, type MeasuredRun } from '../helpers/run-measured-cli.js';
import { steelCsv } from './case-inputs.js';
import type { CaseFiles, HostileCase, Platform, SeenRequest } from './hostile-case.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { ledgerIndexFile } from '../../src/ledger/ledger.js';
import { tokenLeaks } from './token-leaks.js';

const MAPPING = path.resolve('mappings/steel_strength.yaml');
const TEMPLATES = path.resolve('samples/templates.json');

/** A platform started for one case. */
interface RunningPlatform {
  readonly url: string;
  readonly seen: SeenRequest[];
  stored(): readonly StoredRecord[];
  /** Records stored plus submits refused (sandbox), or POSTs received (adversary). */
  sent(): number;
  requests(): number;
  close(): Promise<void>;
}

async function startPlatform(platform: Platform, token: string, files: () => CaseFiles): Promise<RunningPlatform> {
  const seen: SeenRequest[] = [];
  if (platform === 'none') {
    // The discard port: nothing listens there, so a request would be refused, not answered.
    return { url: 'http://127.0.0.1:9', seen, stored: () => [], sent: () => 0, requests: () => 0, close: async () => {} };
  }
  if ('sandbox' in platform) {
    const sandbox = await startSandbox({ port: 0, tokens: [token], ...platform.sandbox });
    return {
      url: sandbox.url,
      seen,
      stored: () => sandbox.records(),
      sent: () => sandbox.records().length + sandbox.stats().rejected,
      requests: () => sandbox.stats().requests,
      close: () => sandbox.close(),
    };
  }
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(request);
      platform.adversary(request, res, files());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    stored: () => [],
    sent: () => seen.filter((r) => r.method === 'POST').length,
    requests: () => seen.length,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** Every entry under `dir` (not following links): a file by its digest, a link by its target, others by kind. */
async function snapshot(dir: string, prefix = ''): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  for (const name of (await readdir(dir)).sort()) {
    const full = path.join(dir, name);
    const relative = path.join(prefix, name);
    const info = await lstat(full);
    if (info.isSymbolicLink()) entries.set(relative, `link ${await readlink(full)}`);
    else if (info.isFile()) entries.set(relative, `file ${fileDigest(full)}`);
    else if (info.isDirectory()) {
      entries.set(relative, 'directory');
      for (const [inner, what] of await snapshot(full, relative)) entries.set(inner, what);
    } else entries.set(relative, info.isFIFO() ? 'fifo' : info.isSocket() ? 'socket' : 'other');
  }
  return entries;
}

/** Regular files under `dir`, by their path relative to it. */
async function regularFiles(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) found.push(...(await regularFiles(path.join(dir, entry.name), relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found;
}

/** The code of the first `error CODE:` line, if any. */
function errorCode(stderr: string): string | undefined {
  return /^error ([A-Z][A-Z0-9_]*):/m.exec(stderr)?.[1];
}

/** Text files written by the run: new or changed files of the case's folder, and the cache. */
async function writtenTexts(
  dir: string,
  cache: string,
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const [name, what] of after) {
    if (!what.startsWith('file ') || before.get(name) === what) continue;
    texts.set(name, await readFile(path.join(dir, name), 'utf8'));
  }
  for (const name of await regularFiles(cache)) texts.set(`(cache) ${name}`, await readFile(path.join(cache, name), 'utf8'));
  return texts;
}

/** Where a case runs (see `HostileCase.process`): a process of its own when only a process can do what it asks. */
function processOf(spec: HostileCase, env: Readonly<Record<string, string>>): 'own' | 'pool' {
  const needsOwn = spec.during !== undefined || 'NODE_OPTIONS' in env;
  if (spec.process === 'pool' && needsOwn) throw new Error(`${spec.name}: its during or NODE_OPTIONS needs a process of its own`);
  return spec.process ?? (needsOwn ? 'own' : 'pool');
}

/**
 * Runs one case: a fresh folder with the sample mapping, templates and five rows, the case's inputs, its
 * platform; the built CLI in one of the pool's runners, or in a child process of its own (peak memory
 * read from the process's VmHWM either way); then every check.
 */
export async function runHostileCase(spec: HostileCase, pool: CliPool): Promise<void> {
  const root = await makeTempDir('mge-hostile-');
  const dir = path.join(root, 'case');
  const cache = path.join(root, 'cache');
  await mkdir(dir);
  const token = spec.token ?? `s3cret-${randomBytes(12).toString('hex')}`;
  // The adversary needs the case's files, which need the platform's address: filled in just below.
  const late: { files?: CaseFiles } = {};
  const platform = await startPlatform(spec.platform ?? { sandbox: {} }, token, () => late.files as CaseFiles);
  const c: CaseFiles = {
    dir,
    at: (name) => path.join(dir, name),
    url: platform.url,
    token,
    runCli: (args, options) => pool.run(args, options),
  };
  late.files = c;
  const bounds = { ...HOSTILE_BOUNDS, ...spec.bounds };
  let cleanUp: (() => Promise<void>) | void = undefined;
  try {
    await copyFile(MAPPING, c.at('mapping.yaml'));
    await copyFile(TEMPLATES, c.at('templates.json'));
    await writeFile(c.at('input.csv'), steelCsv(5));
    cleanUp = await spec.make?.(c);
    // What making the inputs sent (a real report made by a first run) is not the case's.
    const mark = { sent: platform.sent(), requests: platform.requests(), stored: platform.stored().length, seen: platform.seen.length };
    const before = await snapshot(dir);
    const env: Record<string, string> = {};
    // The machine's report locks outside the case's folder, and not in this machine's shared one.
    const runtime = path.join(root, 'run');
    const wanted = {
      MGE_BASE_URL: c.url,
      MGE_TOKEN: token,
      MGE_USERNAME: 'hostile',
      XDG_CACHE_HOME: cache,
      XDG_RUNTIME_DIR: runtime,
      ...spec.env?.(c),
    };
    for (const [name, value] of Object.entries(wanted)) if (value !== undefined) env[name] = value;
    const during: Promise<void>[] = [];
    const killAfterMs = bounds.ms * 2;
    const where = processOf(spec, env);
    const run =
      where === 'pool'
        ? await pool.run(spec.args(c), { env, cwd: dir, killAfterMs })
        : await runMeasuredCli(spec.args(c), {
            env,
            cwd: dir,
            killAfterMs,
            onSpawn: (child) => spec.during && during.push(spec.during(child, c)),
          });
    await Promise.all(during);
    const after = await snapshot(dir);
    // A report a case may write comes with its ledger index, which the run saves beside it.
    const writable = new Set((spec.writes ?? []).flatMap((name) => [name, ledgerIndexFile(name)]));
    const changed = [...before].filter(([name, what]) => !writable.has(name) && after.get(name) !== what).map(([name]) => name);
    const texts = await writtenTexts(dir, cache, before, after);
    texts.set('(stdout)', run.stdout);
    texts.set('(stderr)', run.stderr);
    const outcome = {
      exit: run.killed ? 'killed' : run.code,
      code: errorCode(run.stderr),
      stackTrace: showsStack(`${run.stdout}\n${run.stderr}`),
      sent: platform.sent() - mark.sent,
      ...(spec.requests === undefined ? {} : { requests: platform.requests() - mark.requests }),
      inputsChanged: changed,
      tokenSeenIn: [...texts].flatMap(([name, text]) => tokenLeaks(text, token).map((form) => `${name}: ${form}`)),
      withinTime: run.ms < bounds.ms,
      withinMemory: run.peakRssMb < bounds.rssMb,
    };
    await explained(run, where, () =>
      expect(outcome).toEqual({
        exit: spec.exit,
        code: spec.code,
        stackTrace: false,
        sent: spec.sent ?? 0,
        ...(spec.requests === undefined ? {} : { requests: spec.requests }),
        inputsChanged: [],
        tokenSeenIn: [],
        withinTime: true,
        withinMemory: true,
      }),
    );
    const seen = platform.seen.slice(mark.seen);
    const stored = platform.stored().slice(mark.stored);
    if (spec.check) await explained(run, where, () => spec.check?.({ ...c, run, seen, stored }));
  } finally {
    if (cleanUp) await cleanUp();
    await platform.close();
    await rm(root, { recursive: true, force: true });
  }
}

/** What the run printed and cost, added to a failed expectation's message. */
function explanation(run: MeasuredRun, where: 'own' | 'pool'): string {
  const cut = (text: string): string => (text.length > 3000 ? `${text.slice(0, 3000)}…` : text);
  const place = where === 'pool' ? "in a runner of the suite's pool" : 'in a process of its own';
  return `\n\nthe run (${place}): exit ${String(run.code)}${run.killed ? ' (killed)' : ''} in ${Math.round(run.ms)} ms, peak ${run.peakRssMb.toFixed(0)} MiB\nstderr:\n${cut(run.stderr)}\nstdout:\n${cut(run.stdout)}`;
}

async function explained(run: MeasuredRun, where: 'own' | 'pool', check: () => void | Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (error instanceof Error) error.message += explanation(run, where);
    throw error;
  }
}
