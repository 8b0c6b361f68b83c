import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILT_CLI, type CliResult } from '../cli/run-built-cli.js';
import { tempDirSync } from './temp-dir.js';

const PRELOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'report-peak-rss.cjs');

/** A CLI run with what it cost. */
export interface MeasuredRun extends CliResult {
  /** Wall time until the process ended. */
  readonly ms: number;
  /** Peak resident memory of the process (its own threads included, not its parent's), in MiB; NaN if it was killed. */
  readonly peakRssMb: number;
  /** Killed after `killAfterMs`: it did not end by itself. */
  readonly killed: boolean;
}

/**
 * Runs the built CLI with only `env` (plus PATH and HOME), measuring wall time and peak RSS (read at
 * exit by a preloaded script, `report-peak-rss.cjs`). A run that does not end
 * within `killAfterMs` is killed, so a hang fails the test instead of stalling the suite. `onSpawn`
 * gets the child as soon as it is started (to look at it or signal it while it runs).
 */
export function runMeasuredCli(
  args: readonly string[],
  options: { env?: Record<string, string>; cwd?: string; killAfterMs?: number; onSpawn?: (child: ChildProcess) => void } = {},
): Promise<MeasuredRun> {
  const dir = tempDirSync('mge-rss-');
  const rssFile = path.join(dir, 'rss');
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--require', PRELOAD, BUILT_CLI, ...args], {
      cwd: options.cwd ?? process.cwd(),
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...options.env, MGE_TEST_PEAK_RSS_FILE: rssFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    options.onSpawn?.(child);
    let stdout = '';
    let stderr = '';
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, options.killAfterMs ?? 30_000);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      let peakRssMb = Number.NaN;
      try {
        peakRssMb = Number(readFileSync(rssFile, 'utf8')) / 1024;
      } catch {
        // Killed before its exit handler ran.
      }
      rmSync(dir, { recursive: true, force: true });
      done({ code, stdout, stderr, ms, peakRssMb, killed });
    });
  });
}

/**
 * A fingerprint of a file, to show an input was left as it was: the sha256 of its bytes, or for a
 * file over 64 MiB (the sparse gigabytes a test makes) of its size, its change times and its first
 * and last MiB, which reading it whole twice per test would not improve on.
 */
export function fileDigest(file: string): string {
  const { size, mtimeMs, ctimeMs } = statSync(file);
  if (size <= 64 * 1024 * 1024) return createHash('sha256').update(readFileSync(file)).digest('hex');
  const hash = createHash('sha256').update(`${size}:${mtimeMs}:${ctimeMs}`);
  const handle = openSync(file, 'r');
  try {
    const mib = Buffer.alloc(1024 * 1024);
    for (const at of [0, size - mib.length]) hash.update(mib.subarray(0, readSync(handle, mib, 0, mib.length, at)));
  } finally {
    closeSync(handle);
  }
  return hash.digest('hex');
}

/** True when the output holds a stack trace or an INTERNAL error (a user error must hold neither). */
export function showsStack(output: string): boolean {
  return /error INTERNAL|\n\s+at .+\(.+:\d+:\d+\)/.test(output);
}

/**
 * Bounds a hostile input's run must keep. Each case would pass them many times over without its
 * guard (gigabytes, or no end at all); they leave room for a machine whose other load delays the
 * garbage collector, or runs other cases beside it (a CLI run peaks near 90 MiB in a process of its
 * own; a pooled runner that loaded every command's modules starts a run at up to ~210 MiB, and the
 * corpus' largest pooled peak was 246 MiB).
 */
export const HOSTILE_BOUNDS = { ms: 15_000, rssMb: 400 } as const;
