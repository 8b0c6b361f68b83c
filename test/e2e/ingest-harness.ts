import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { recordHash } from '../../src/mapping/rows/record-hash.js';
import type { KeyState } from '../../src/report/fold-report.js';
import { loadReportState } from '../../src/report/load-report-state.js';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-options.js';
import { BUILT_CLI, type CliResult } from '../cli/run-built-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

export const MAPPING = path.resolve('mappings/steel_strength.yaml');
export const SAMPLE = path.resolve('samples/steel_strength.csv');

/** The steel sample's header and data lines. */
export async function sampleLines(): Promise<{ header: string; rows: string[] }> {
  const [header = '', ...rows] = (await readFile(SAMPLE, 'utf8')).trimEnd().split('\n');
  return { header, rows };
}

/** A fresh folder for one test's files. */
export function tempDir(): Promise<string> {
  return makeTempDir('mge-e2e-');
}

/** The sample's header and its first `rows` data lines (312 in all), as a CSV in `dir`. */
export async function sampleCsv(dir: string, rows: number, name = 'input.csv'): Promise<string> {
  const lines = (await readFile(SAMPLE, 'utf8')).trimEnd().split('\n');
  const file = path.join(dir, name);
  await writeFile(file, `${lines.slice(0, rows + 1).join('\n')}\n`);
  return file;
}

/** Environment pointing the CLI at a sandbox, with its own template cache. */
export function envFor(sandbox: Sandbox, dir: string, token = sandbox.token): Record<string, string> {
  return {
    MGE_BASE_URL: sandbox.url,
    MGE_TOKEN: token,
    MGE_USERNAME: 'e2e-curator',
    XDG_CACHE_HOME: path.join(dir, 'cache'),
    // The machine's report locks: a lock a killed run left must not meet a later test's report by a reused inode.
    XDG_RUNTIME_DIR: path.join(dir, 'run'),
  };
}

/** A spawned CLI: the child (to signal it) and its result. */
export interface RunningCli {
  readonly child: ChildProcess;
  readonly done: Promise<CliResult>;
}

/** Starts `node dist/cli/main.js ...args` with only `env` (plus PATH and HOME). */
export function startCli(args: readonly string[], env: Record<string, string>, cwd = process.cwd()): RunningCli {
  const child = spawn(process.execPath, [BUILT_CLI, ...args], {
    cwd,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal === 'SIGKILL' ? 137 : null), stdout, stderr }));
  });
  return { child, done };
}

/** Runs the CLI to its end. */
export function runCli(args: readonly string[], env: Record<string, string>): Promise<CliResult> {
  return startCli(args, env).done;
}

/** `ingest` arguments for one input and report. */
export function ingestArgs(input: string, report: string, ...extra: string[]): string[] {
  return ['ingest', '--mapping', MAPPING, '--report', report, input, '--rate', '1000', '--concurrency', '8', ...extra];
}

/**
 * A finished ingest of the first `rows` sample rows into `r.jsonl` in `dir`, the start of the tests
 * that then act on that report: the environment, the input and the report.
 */
export async function ingestedSample(
  sandbox: Sandbox,
  dir: string,
  rows = 5,
): Promise<{ env: Record<string, string>; input: string; report: string }> {
  const env = envFor(sandbox, dir);
  const input = await sampleCsv(dir, rows);
  const report = path.join(dir, 'r.jsonl');
  const run = await runCli(ingestArgs(input, report), env);
  if (run.code !== 0) throw new Error(`the set-up ingest exited ${run.code}: ${run.stderr}`);
  return { env, input, report };
}

/**
 * Resolves once the sandbox has stored at least `n` records (polled; the run goes on meanwhile). With
 * `run`, rejects when that run ends first instead of polling forever.
 */
export async function storedAtLeast(sandbox: Sandbox, n: number, run?: RunningCli): Promise<void> {
  let ended: CliResult | undefined;
  void run?.done.then((result) => (ended = result));
  while (sandbox.records().length < n) {
    if (ended !== undefined) throw new Error(`the run ended (exit ${String(ended.code)}) before ${n} records were stored: ${ended.stderr}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** What the store and the report say, side by side. */
export interface Audit {
  readonly stored: number;
  /** Stored record count per record hash. */
  readonly copies: ReadonlyMap<string, number>;
  readonly keys: ReadonlyMap<string, KeyState>;
  readonly byStatus: Readonly<Record<string, number>>;
  /** Hashes stored more than once. */
  readonly duplicates: readonly string[];
  /** Keys reported uploaded whose id is not a stored record with that hash. */
  readonly missing: readonly string[];
  /** Stored hashes no key reports as uploaded or uncertain. */
  readonly unaccounted: readonly string[];
}

/**
 * Audits a run: the sandbox's store file (every stored body, hashed as the tool hashes records)
 * against the folded report.
 */
export async function audit(storeFile: string, reportFile: string): Promise<Audit> {
  const text = await readFile(storeFile, 'utf8').catch(() => '');
  const stored = text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { id: number; sent: unknown });
  const copies = new Map<string, number>();
  const idHash = new Map<number, string>();
  for (const record of stored) {
    const hash = recordHash(record.sent);
    copies.set(hash, (copies.get(hash) ?? 0) + 1);
    idHash.set(record.id, hash);
  }
  const { state } = await loadReportState(reportFile, { whole: true });
  const byStatus: Record<string, number> = {};
  const accounted = new Set<string>();
  const missing: string[] = [];
  for (const entry of state.keys.values()) {
    byStatus[entry.status] = (byStatus[entry.status] ?? 0) + 1;
    if (entry.uploaded) {
      accounted.add(entry.uploaded.hash);
      if (idHash.get(entry.uploaded.id) !== entry.uploaded.hash) missing.push(entry.key);
    }
    if (entry.uncertainHash) accounted.add(entry.uncertainHash);
  }
  return {
    stored: stored.length,
    copies,
    keys: state.keys,
    byStatus,
    duplicates: [...copies].filter(([, n]) => n > 1).map(([h]) => h),
    missing,
    unaccounted: [...copies.keys()].filter((h) => !accounted.has(h)),
  };
}
