import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadReportState } from '../../src/report/load-report-state.js';
import type { CliResult } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { audit, envFor, ingestArgs, MAPPING, sampleCsv, startCli } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

interface JsonSummary {
  readonly counts: Record<string, number>;
  readonly otherShards?: number;
  readonly exitCode: number;
}

const ROWS = 60;

/** A run through runCli in this process, what the bin runs; the dry run at the end goes through the built CLI. */
const runCli = (args: readonly string[], env: Record<string, string>): Promise<CliResult> => runCliInTurn(args, { env });

describe('ingest --shard I/N (CLI, sandbox over HTTP)', () => {
  test(
    'three shards store every row exactly once; each report holds only its own rows; report of all three sums them',
    () =>
      withSandbox({}, async (sandbox, dir, storeFile) => {
        const input = await sampleCsv(dir, ROWS);
        const reports = [0, 1, 2].map((i) => path.join(dir, 'reports', `shard-${i}.jsonl`));
        await mkdir(path.join(dir, 'reports'));
        const summaries: JsonSummary[] = [];
        for (const [i, report] of reports.entries()) {
          const run = await runCli(ingestArgs(input, report, '--json', '--shard', `${i}/3`), envFor(sandbox, dir));
          expect(run.code).toBe(0);
          summaries.push(JSON.parse(run.stdout) as JsonSummary);
        }
        expect(sandbox.records()).toHaveLength(ROWS);
        const a = await audit(storeFile, reports[0]!);
        expect(a.duplicates).toEqual([]);
        const keys: string[] = [];
        for (const [i, report] of reports.entries()) {
          const { state } = await loadReportState(report, { whole: true });
          keys.push(...state.keys.keys());
          // Rows of the other shards are counted in the summary line, never named.
          const summary = state.summaries.at(-1) as unknown as { otherShards: number; counts: Record<string, number> };
          expect(summary.otherShards).toBe(ROWS - state.keys.size);
          expect(summaries[i]!.otherShards).toBe(ROWS - state.keys.size);
          expect(summaries[i]!.counts['uploaded']).toBe(state.keys.size);
          expect(state.runs[0]!.settings['shard']).toBe(`${i}/3`);
        }
        expect(keys).toHaveLength(ROWS);
        expect(new Set(keys).size).toBe(ROWS);
        const one = await runCli(['report', reports[0]!], {});
        expect(one.code).toBe(0);
        expect(one.stdout).toContain('--shard 0/3');
        expect(one.stdout).toMatch(/\d+ record\(s\) of other shards were read and left to their reports/);

        // A second night: every shard skips its own rows, nothing is stored again.
        const again = await runCli(ingestArgs(input, reports[1]!, '--json', '--shard', '1/3'), envFor(sandbox, dir));
        expect(again.code).toBe(0);
        expect((JSON.parse(again.stdout) as JsonSummary).counts).toMatchObject({ uploaded: 0 });
        expect(sandbox.records()).toHaveLength(ROWS);

        // The three reports as one, by a quoted glob: every row once, the exports over all of them.
        const uploadedOut = path.join(dir, 'uploaded.csv');
        const all = await runCli(['report', path.join(dir, 'reports', 'shard-*.jsonl'), '--json', '--uploaded-out', uploadedOut], {});
        expect(all.code).toBe(0);
        const json = JSON.parse(all.stdout) as { keys: number; counts: Record<string, number>; files: string[]; runs: number };
        expect(json.keys).toBe(ROWS);
        expect(json.counts['uploaded']).toBe(ROWS);
        expect(json.files).toHaveLength(3);
        expect(json.runs).toBe(4);
        const listed = (await readFile(uploadedOut, 'utf8')).trimEnd().split('\n');
        expect(listed).toHaveLength(ROWS + 1);
        // Named one by one, the same.
        const named = await runCli(['report', ...reports, '--json'], {});
        expect((JSON.parse(named.stdout) as { keys: number }).keys).toBe(ROWS);
      }),
    120_000,
  );

  test(
    'report over several reports: --failed-out holds the rows to fix of every shard, and an output may not be one of the reports',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const lines = (await readFile(await sampleCsv(dir, ROWS), 'utf8')).trimEnd().split('\n');
        // Two rows made invalid: a yield strength (column 15) that is no number.
        const yieldColumn = lines[0]!.split(',').indexOf('yield strength');
        const broken = lines.map((line, i) =>
          i === 3 || i === 40
            ? line
                .split(',')
                .map((cell, c) => (c === yieldColumn ? 'not-a-number' : cell))
                .join(',')
            : line,
        );
        const input = path.join(dir, 'broken.csv');
        await writeFile(input, `${broken.join('\n')}\n`);
        const reports = [0, 1].map((i) => path.join(dir, `s${i}.jsonl`));
        for (const [i, report] of reports.entries()) await runCli(ingestArgs(input, report, '--shard', `${i}/2`), envFor(sandbox, dir));
        expect(sandbox.records()).toHaveLength(ROWS - 2);
        const failedOut = path.join(dir, 'fix.csv');
        const result = await runCli(['report', ...reports, '--failed-out', failedOut, '--json'], {});
        expect(result.code).toBe(1);
        expect((JSON.parse(result.stdout) as { counts: Record<string, number> }).counts).toMatchObject({ uploaded: ROWS - 2, invalid: 2 });
        expect((await readFile(failedOut, 'utf8')).trimEnd().split('\n')).toHaveLength(3);

        const clash = await runCli(['report', path.join(dir, 's*.jsonl'), '--html', reports[1]!], {});
        expect(clash.code).toBe(2);
        expect(clash.stderr).toContain('OUTPUT_IS_INPUT');
        expect(clash.stderr).not.toMatch(/^\s+at .*:\d+:\d+\)?$/m);
      }),
    120_000,
  );

  test.each([
    ['3/3', 'I/N'],
    ['0/0', 'I/N'],
    ['1.5/2', 'I/N'],
    ['-1/2', 'I/N'],
    ['one/two', 'I/N'],
    ['2', 'I/N'],
  ])('--shard %s is a user error (exit 2), nothing read or sent', (value, expected) =>
    withSandbox({}, async (sandbox, dir) => {
      const input = await sampleCsv(dir, 5);
      const report = path.join(dir, 'r.jsonl');
      const run = await runCli(ingestArgs(input, report, `--shard=${value}`), envFor(sandbox, dir));
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('SETTING_INVALID');
      expect(run.stderr).toContain(expected);
      expect(run.stderr).not.toMatch(/^\s+at .*:\d+:\d+\)?$/m);
      expect(sandbox.records()).toHaveLength(0);
      await expect(readFile(report)).rejects.toThrow();
    }),
  );

  test(
    'MGE_SHARD sets it too; a mapping without a key and a changed shard are refused (exit 2, nothing sent)',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const input = await sampleCsv(dir, 10);
        const noKey = path.join(dir, 'no-key.yaml');
        await writeFile(noKey, (await readFile(MAPPING, 'utf8')).replace(/^key: .*$/m, ''));
        const report = path.join(dir, 'r.jsonl');
        const keyless = await runCli(['ingest', '--mapping', noKey, '--report', report, input], {
          ...envFor(sandbox, dir),
          MGE_SHARD: '0/2',
        });
        expect(keyless.code).toBe(2);
        expect(keyless.stderr).toContain('SHARD_NEEDS_KEY');
        expect(sandbox.records()).toHaveLength(0);

        const first = await runCli(ingestArgs(input, report, '--json'), { ...envFor(sandbox, dir), MGE_SHARD: '1/2' });
        expect(first.code).toBe(0);
        const stored = sandbox.records().length;
        for (const other of [['--shard', '1/3'], []]) {
          const changed = await runCli(ingestArgs(input, report, ...other), envFor(sandbox, dir));
          expect(changed.code).toBe(2);
          expect(changed.stderr).toContain('SHARD_CHANGED');
        }
        expect(sandbox.records()).toHaveLength(stored);
      }),
    60_000,
  );

  test('a dry run of one shard plans only its rows', () =>
    withSandbox({}, async (sandbox, dir) => {
      const input = await sampleCsv(dir, ROWS);
      const dry = await startCli(
        ingestArgs(input, path.join(dir, 'dry.jsonl'), '--dry-run', '--json', '--shard', '0/2'),
        envFor(sandbox, dir),
      ).done;
      expect(dry.code).toBe(0);
      const summary = JSON.parse(dry.stdout) as JsonSummary;
      expect(summary.counts['skipped']! + summary.otherShards!).toBe(ROWS);
      expect(summary.otherShards).toBeGreaterThan(0);
      expect(sandbox.records()).toHaveLength(0);
    }));
});
