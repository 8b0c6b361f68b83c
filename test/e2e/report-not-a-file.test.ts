import { execFileSync } from 'node:child_process';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-options.js';
import { envFor, ingestArgs, runCli, sampleCsv, tempDir } from './ingest-harness.js';

/** `error CODE:` of the first stderr line, and whether a stack trace was printed. */
function failure(stderr: string): { code: string | undefined; stack: boolean } {
  return { code: /^error ([A-Z_]+):/.exec(stderr)?.[1], stack: /\n\s+at .*\.js:\d+/.test(stderr) };
}

describe('the report must be a regular file that can be appended to (built CLI)', () => {
  let sandbox: Sandbox;
  let dir: string;
  let input: string;
  let inputBytes: Buffer;
  let socket: Server;
  const socketPath = (): string => path.join(dir, 'report.sock');
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    dir = await tempDir();
    input = await sampleCsv(dir, 5);
    inputBytes = await readFile(input);
    execFileSync('mkfifo', [path.join(dir, 'report.fifo')]);
    await mkdir(path.join(dir, 'report-dir'));
    await mkdir(path.join(dir, 'locked.jsonl.lock'));
    socket = createServer();
    await new Promise<void>((resolve) => socket.listen(socketPath(), resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => socket.close(resolve));
    await sandbox.close();
  });

  test.each([
    ['a directory', 'report-dir', 'REPORT_NOT_A_FILE'],
    ['/dev/null', '/dev/null', 'REPORT_NOT_A_FILE'],
    ['a FIFO', 'report.fifo', 'REPORT_NOT_A_FILE'],
    ['a socket', 'report.sock', 'REPORT_NOT_A_FILE'],
    ['a lock path that is a directory', 'locked.jsonl', 'REPORT_LOCK_NOT_A_FILE'],
  ])('ingest --report naming %s: exit 2 with a clear code, no stack, nothing sent, the input unchanged', async (_what, name, code) => {
    const report = path.resolve(dir, name);
    for (const extra of [[], ['--dry-run']]) {
      const result = await runCli(ingestArgs(input, report, ...extra), envFor(sandbox, dir));
      expect([result.code, failure(result.stderr)]).toEqual([2, { code, stack: false }]);
    }
    expect(sandbox.records()).toHaveLength(0);
    expect((await readFile(input)).equals(inputBytes)).toBe(true);
    // Nothing was created in its place either.
    expect((await stat(report).catch(() => undefined))?.isFile() ?? false).toBe(false);
  });

  test('report on a directory or a FIFO: exit 2, without blocking on the FIFO', async () => {
    for (const name of ['report-dir', 'report.fifo']) {
      const result = await runCli(['report', path.join(dir, name)], {});
      expect([result.code, failure(result.stderr)]).toEqual([2, { code: 'REPORT_NOT_A_FILE', stack: false }]);
    }
  });
});
