import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILT_CLI, type CliResult } from '../cli/run-built-cli.js';

const PRELOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'report-peak-rss.cjs');

/** A CLI run with what it cost. */
export interface MeasuredRun extends CliResult {
  /** Wall time until the process ended. */
  readonly ms: number;
  /** Peak resident memory of the process (its own threads included), in MiB; NaN if it was killed. */
  readonly peakRssMb: number;
  /** Killed after `killAfterMs`: it did not end by itself. */
  readonly killed: boolean;
}

/**
 * Runs the built CLI with only `env` (plus PATH and HOME), measuring wall time and peak RSS (read
 * from `process.resourceUsage().maxRSS` at exit by a preloaded script). A run that does not end
 * within `killAfterMs` is killed, so a hang fails the test instead of stalling the suite.
 */
export function runMeasuredCli(args: readonly string[], options: { env?: Record<string, string>; cwd?: string; killAfterMs?: number } = {}): Promise<MeasuredRun> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mge-rss-'));
  const rssFile = path.join(dir, 'rss');
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--require', PRELOAD, BUILT_CLI, ...args], {
      cwd: options.cwd ?? process.cwd(),
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...options.env, MGE_TEST_PEAK_RSS_FILE: rssFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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

/** The sha256 of a file, to show an input was left as it was. */
export function fileDigest(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** True when the output holds a stack trace or an INTERNAL error (a user error must hold neither). */
export function showsStack(output: string): boolean {
  return /error INTERNAL|\n\s+at .+\(.+:\d+:\d+\)/.test(output);
}
