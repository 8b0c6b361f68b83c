import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-options.js';
import type { CliResult } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { envFor, ingestArgs, MAPPING, runCli, SAMPLE, sampleCsv, tempDir } from './ingest-harness.js';

/** A run through runCli in this process, what the bin runs (the built CLI where a test says so). */
const inProcess = (args: readonly string[], env: Record<string, string>): Promise<CliResult> => runCliInTurn(args, { env });

describe('drop folders (CLI, sandbox over HTTP)', () => {
  let sandbox: Sandbox;
  beforeAll(async () => (sandbox = await startSandbox({ port: 0 })));
  afterAll(() => sandbox.close());

  test('an empty drop folder, or a glob whose folder exists but matches nothing, is nothing to do: exit 0, the report neither written nor locked', async () => {
    const dir = await tempDir();
    const drop = path.join(dir, 'incoming');
    await mkdir(drop);
    await writeFile(path.join(drop, 'README.txt'), 'not a table when a folder is named');
    const report = path.join(dir, 'nightly.report.jsonl');
    for (const input of [drop, path.join(drop, '*.csv'), path.join(drop, '**', '*.xlsx')]) {
      const result = await inProcess([...ingestArgs(input, report), '--json'], envFor(sandbox, dir));
      expect([result.code, JSON.parse(result.stdout)]).toEqual([0, expect.objectContaining({ nothingToDo: true, rows: 0, exitCode: 0 })]);
    }
    // Through the built CLI: the run's exit code and output as a shell sees them.
    const plain = await runCli(ingestArgs(drop, report), envFor(sandbox, dir));
    expect([plain.code, plain.stdout]).toEqual([0, expect.stringMatching(/^nothing to do: .* was not touched\n$/)]);
    expect((await readdir(dir)).filter((f) => f.startsWith('nightly'))).toEqual([]);
    expect(sandbox.records()).toHaveLength(0);

    const validated = await inProcess(
      ['validate', '--mapping', MAPPING, drop, '--errors', path.join(dir, 'errors.xlsx'), '--json'],
      envFor(sandbox, dir),
    );
    expect([validated.code, JSON.parse(validated.stdout)]).toEqual([
      0,
      expect.objectContaining({ nothingToDo: true, files: 0, records: 0 }),
    ]);
    expect(await readdir(dir)).not.toContain('errors.xlsx');
  }, 60_000);

  test('a missing folder, a glob in a missing folder, a missing named file: still exit 2, nothing sent', async () => {
    const dir = await tempDir();
    const report = path.join(dir, 'r.jsonl');
    for (const input of [path.join(dir, 'nope'), path.join(dir, 'nope', '*.csv'), path.join(dir, 'nope.csv')]) {
      const result = await inProcess(ingestArgs(input, report), envFor(sandbox, dir));
      expect([result.code, /^error (\w+)/.exec(result.stderr)?.[1]]).toEqual([2, 'SOURCE_NOT_FOUND']);
    }
    expect(sandbox.records()).toHaveLength(0);
  }, 60_000);

  test('--recursive takes the sub-folders of a drop folder, and so does a ** glob', async () => {
    const dir = await tempDir();
    const drop = path.join(dir, 'incoming');
    await mkdir(path.join(drop, '2026-11-23'), { recursive: true });
    await sampleCsv(drop, 2, 'top.csv');
    const [header = '', ...rows] = (await readFile(SAMPLE, 'utf8')).trimEnd().split('\n');
    await writeFile(path.join(drop, '2026-11-23', 'night.csv'), [header, ...rows.slice(2, 5), ''].join('\n'));
    const flat = await inProcess([...ingestArgs(drop, path.join(dir, 'flat.jsonl')), '--dry-run', '--json'], envFor(sandbox, dir));
    expect(JSON.parse(flat.stdout)).toMatchObject({ rows: 2 });
    const deep = await inProcess([...ingestArgs(drop, path.join(dir, 'deep.jsonl')), '--recursive', '--json'], envFor(sandbox, dir));
    expect([deep.code, JSON.parse(deep.stdout)]).toEqual([
      0,
      expect.objectContaining({ counts: expect.objectContaining({ uploaded: 5 }) }),
    ]);
    const glob = await inProcess(
      [...ingestArgs(path.join(drop, '**', '*.csv'), path.join(dir, 'deep.jsonl')), '--json'],
      envFor(sandbox, dir),
    );
    expect([glob.code, JSON.parse(glob.stdout)]).toEqual([
      0,
      expect.objectContaining({ counts: expect.objectContaining({ skipped: 5, uploaded: 0 }) }),
    ]);
    expect(sandbox.records()).toHaveLength(5);
  }, 60_000);
});
