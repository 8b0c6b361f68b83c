import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run-cli.js';
import { createPlatformClient } from '../../src/platform/platform-client.js';
import { PlatformRequestError } from '../../src/platform/platform-errors.js';
import { sampleRecord } from '../fixtures/sample-record.js';
import { BUILT_CLI } from './run-built-cli.js';
import { tempDirSync } from '../helpers/temp-dir.js';

const dir = tempDirSync('mge-run-cli-');

function capture(signal?: AbortSignal) {
  const out = { stdout: '', stderr: '' };
  const io = {
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text) },
    env: {},
    cwd: dir,
    signal,
  };
  return { io, out };
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setImmediate(r));
}

describe('runCli in-process', () => {
  test.each([
    [[]],
    [['templates']],
    [['templates', 'list']],
    [['templates', 'show']],
    [['categories']],
    [['projects']],
    [['init']],
    [['validate']],
    [['sandbox']],
  ])('%j --help shows usage with examples', async (command) => {
    const { io, out } = capture();
    expect(await runCli([...command, '--help'], io)).toBe(0);
    expect(out.stdout).toContain('mge-ingest');
    expect(out.stdout).toContain('Examples:');
  });

  test('ingest and report --help state the exactly-once flags and the exit codes a scheduler reads', async () => {
    const ingest = capture();
    expect(await runCli(['ingest', '--help'], ingest.io)).toBe(0);
    for (const flag of [
      '--retry-uncertain',
      '--accept-mapping-change',
      '--max-changes',
      '--max-uncertain-streak',
      'MGE_MAX_UNCERTAIN_STREAK',
      '[default: 10]',
    ])
      expect(ingest.out.stdout).toContain(flag);
    expect(ingest.out.stdout.replace(/\s+/g, ' ')).toContain('An unknown outcome in this run is never re-sent');
    expect(ingest.out.stdout.replace(/\s+/g, ' ')).toContain(
      '3 aborted mid-run, resumable (TOKEN_REJECTED when the token file holds no new token, PLATFORM_UNREACHABLE, UNCERTAIN_STREAK, REPORT_LOCK_LOST',
    );
    expect(ingest.out.stdout.replace(/\s+/g, ' ')).toContain(
      'or stopped early by --max-errors or --max-changes (MAX_ERRORS_REACHED, MAX_CHANGES_REACHED)',
    );
    expect(ingest.out.stdout.replace(/\s+/g, ' ')).toContain(
      'A run stopped by --max-errors (MAX_ERRORS_REACHED) or --max-changes (MAX_CHANGES_REACHED) exits 1',
    );
    const report = capture();
    expect(await runCli(['report', '--help'], report.io)).toBe(0);
    expect(report.out.stdout.replace(/\s+/g, ' ')).toContain(
      '1 rows invalid, failed, uncertain or changed by their latest status, rows of no record in the latest run, or a latest run that did not finish',
    );
  });

  test('--version prints the package version', async () => {
    const { io, out } = capture();
    expect(await runCli(['--version'], io)).toBe(0);
    expect(out.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  test('the sandbox command serves until the signal, with its tokens, faults and store file', async () => {
    const controller = new AbortController();
    const { io, out } = capture(controller.signal);
    const store = join(dir, 'stored.jsonl');
    const running = runCli(
      ['sandbox', '--port', '0', '--token', 'a', '--token', 'b', '--store', 'stored.jsonl', '--commit-then-fail-rate', '1', '--seed', '5'],
      io,
    );
    await until(() => out.stdout.includes('listening at'));
    const url = /listening at (\S+)/.exec(out.stdout)?.[1] ?? '';
    const client = createPlatformClient({ baseUrl: url, token: 'b' });
    const error = await client.submitRecord(sampleRecord(), { username: 'u' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformRequestError);
    expect((error as PlatformRequestError).failure.status).toBe(500);
    controller.abort();
    expect(await running).toBe(0);
    expect(out.stderr).toContain('1 records stored');
    expect(readFileSync(store, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  test('bad fault options are usage errors naming the flag', async () => {
    const { io, out } = capture();
    expect(await runCli(['sandbox', '--port', '0', '--fail-rate', '2'], io)).toBe(2);
    expect(out.stderr).toMatch(/^error OPTION_INVALID: /);
    expect(out.stderr).toContain('at field --fail-rate');
  });

  test('the built sandbox command stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [BUILT_CLI, 'sandbox', '--port', '0', '--busy-rate', '1', '--retry-after', '9'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((r) => child.on('close', r));
    await until(() => stdout.includes('listening at'));
    const url = /listening at (\S+)/.exec(stdout)?.[1] ?? '';
    const error = await createPlatformClient({ baseUrl: url, token: 'sandbox-token' })
      .submitRecord(sampleRecord(), { username: 'u' })
      .catch((e: unknown) => e);
    expect((error as PlatformRequestError).failure).toMatchObject({ status: 429, retryAfter: '9' });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  test('a read command stops waiting on SIGINT and exits 130', async () => {
    let arrived = false;
    const server = createServer(() => {
      arrived = true;
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const controller = new AbortController();
      const { io, out } = capture(controller.signal);
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const running = runCli(['projects', '--base-url', url], { ...io, env: { MGE_TOKEN: 't' } });
      await until(() => arrived);
      controller.abort();
      expect(await running).toBe(130);
      expect(out.stderr).toContain('interrupted');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
