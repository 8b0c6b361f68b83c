import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-options.js';
import { expectBoundedError, fileDigest, HOSTILE_BOUNDS, runMeasuredCli, type MeasuredRun } from '../helpers/run-measured-cli.js';

/**
 * Mapping, config and token files an adversary (or a slip of the finger) hands the CLI: each must end
 * fast with its own error code and exit 2, in little memory, having sent nothing and changed nothing.
 */
const SAMPLE = path.resolve('samples/steel_strength.csv');

let dir: string;
let sandbox: Sandbox;
let fifo: string;
let huge: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mge-hostile-files-'));
  sandbox = await startSandbox();
  fifo = path.join(dir, 'fifo');
  execFileSync('mkfifo', [fifo]);
  // 2 GiB, sparse: nothing is written, the size alone is the trap.
  huge = path.join(dir, 'huge.yaml');
  writeFileSync(huge, '');
  truncateSync(huge, 2 * 1024 ** 3);
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { MGE_BASE_URL: sandbox.url, MGE_TOKEN: sandbox.token, MGE_USERNAME: 'hostile', XDG_CACHE_HOME: path.join(dir, 'cache'), ...extra };
}

const expectUserError = (run: MeasuredRun, code: string): void => expectBoundedError(run, code, 2);

/** `ingest` of the steel sample with `mapping`: nothing may reach the sandbox, no report may appear. */
async function ingestWith(mapping: string, code: string): Promise<MeasuredRun> {
  const report = path.join(dir, `${path.basename(mapping)}.report.jsonl`);
  const before = { requests: sandbox.stats().requests, input: fileDigest(SAMPLE) };
  const run = await runMeasuredCli(['ingest', '--mapping', mapping, '--report', report, SAMPLE], { env: env() });
  expectUserError(run, code);
  expect(sandbox.stats().requests).toBe(before.requests);
  expect(sandbox.records()).toHaveLength(0);
  expect(existsSync(report)).toBe(false);
  expect(fileDigest(SAMPLE)).toBe(before.input);
  return run;
}

describe('a hostile mapping', () => {
  test('a 1 KB alias bomb is MAPPING_ALIAS_EXPANSION at the alias, not gigabytes', async () => {
    const lines = ['version: 1', 'template: 201', 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 10; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(', ')}]`);
    lines.push('content:', '  化学式: *a9');
    const mapping = path.join(dir, 'bomb.yaml');
    writeFileSync(mapping, `${lines.join('\n')}\n`);
    const digest = fileDigest(mapping);
    const run = await ingestWith(mapping, 'MAPPING_ALIAS_EXPANSION');
    expect(run.stderr).toMatch(/at .*bomb\.yaml:\d+:\d+/);
    expect(fileDigest(mapping)).toBe(digest);
  });

  test('nesting past the limit is MAPPING_TOO_DEEP with its line, not INTERNAL', async () => {
    const mapping = path.join(dir, 'deep.yaml');
    writeFileSync(mapping, `version: 1\ntemplate: 201\ncontent:\n${Array.from({ length: 70 }, (_v, i) => `${'  '.repeat(i + 1)}a:`).join('\n')}\n`);
    const run = await ingestWith(mapping, 'MAPPING_TOO_DEEP');
    expect(run.stderr).toMatch(/at .*deep\.yaml:6\d:\d+/);
  });

  test('/dev/zero and a 2 GiB file are MAPPING_TOO_LARGE without being read', async () => {
    await ingestWith('/dev/zero', 'MAPPING_TOO_LARGE');
    await ingestWith(huge, 'MAPPING_TOO_LARGE');
  });

  test('a FIFO nobody writes reads as empty at once (no hang)', async () => {
    await ingestWith(fifo, 'MAPPING_NOT_AN_OBJECT');
  });
});

describe('a hostile token file', () => {
  const list = (tokenFile: string): Promise<MeasuredRun> => runMeasuredCli(['templates', 'list', '--token-file', tokenFile], { env: env({ MGE_TOKEN: '' }) });

  test('/dev/zero and a 2 GiB file are TOKEN_FILE_TOO_LARGE; nothing is asked of the platform', async () => {
    const before = sandbox.stats().requests;
    expectUserError(await list('/dev/zero'), 'TOKEN_FILE_TOO_LARGE');
    expectUserError(await list(huge), 'TOKEN_FILE_TOO_LARGE');
    expect(sandbox.stats().requests).toBe(before);
  });

  test('a FIFO nobody writes is empty; one whose writer stays silent is given up after a short wait', async () => {
    expectUserError(await list(fifo), 'TOKEN_FILE_EMPTY');
    // Held open for writing (as a stuck `<(command)` would be), never written.
    const [run, writer] = await Promise.all([list(fifo), open(fifo, 'w')]);
    await writer.close();
    expectUserError(run, 'TOKEN_FILE_UNREADABLE');
    expect(run.stderr).toMatch(/no data within/);
  });

  test('a pipe that carries the token works (process substitution)', async () => {
    const running = list(fifo);
    // Opening for writing waits for the CLI to open the other end.
    const writer = await open(fifo, 'w');
    await writer.write(`${sandbox.token}\n`);
    await writer.close();
    const run = await running;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});

describe('a hostile template file', () => {
  test('/dev/zero and a 2 GiB file are TEMPLATE_FILE_UNREADABLE without being read whole', async () => {
    for (const templateFile of ['/dev/zero', huge]) {
      const run = await runMeasuredCli(['validate', '--template-file', templateFile, '--no-template-cache', '--mapping', 'mappings/steel_strength.yaml', SAMPLE]);
      expectUserError(run, 'TEMPLATE_FILE_UNREADABLE');
    }
  });
});

describe('a hostile config file', () => {
  test('/dev/zero and a 2 GiB file are CONFIG_FILE_TOO_LARGE', async () => {
    for (const config of ['/dev/zero', huge]) expectUserError(await runMeasuredCli(['templates', 'list', '--sandbox', '--config', config]), 'CONFIG_FILE_TOO_LARGE');
  });

  test('a FIFO nobody writes is an empty config, read at once', async () => {
    const run = await runMeasuredCli(['templates', 'list', '--sandbox', '--config', fifo]);
    expect([run.code, run.killed]).toEqual([0, false]);
    expect(run.ms).toBeLessThan(HOSTILE_BOUNDS.ms);
  });
});
