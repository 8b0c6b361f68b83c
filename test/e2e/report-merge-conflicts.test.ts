import path from 'node:path';
import type { CliResult } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { envFor, ingestArgs, runCli, sampleCsv } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

interface ReportJson {
  readonly counts: Record<string, number>;
  readonly keys: number;
  readonly conflicts?: {
    readonly shards?: { file: string; shard: string[] }[];
    readonly keysInSeveral?: { count: number; listed: { key: string; files: string[] }[] };
  };
}

const ROWS = 24;

/** A run through runCli in this process, what the bin runs (the built CLI where a test says so). */
const inProcess = (args: readonly string[], env: Record<string, string>): Promise<CliResult> => runCliInTurn(args, { env });

describe('report over several reports that cannot all be right (CLI, sandbox over HTTP)', () => {
  test(
    'shard reports made with --shard 0/2 and --shard 1/3: different shard counts and keys uploaded twice, exit 1, keys listed',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const input = await sampleCsv(dir, ROWS);
        const reports = [path.join(dir, 'r0.jsonl'), path.join(dir, 'r1.jsonl')];
        expect((await inProcess(ingestArgs(input, reports[0]!, '--shard', '0/2'), envFor(sandbox, dir))).code).toBe(0);
        expect((await inProcess(ingestArgs(input, reports[1]!, '--shard', '1/3'), envFor(sandbox, dir))).code).toBe(0);
        // Through the built CLI: the merged --json as a script reads it.
        const json = await runCli(['report', ...reports, '--json'], {});
        expect(json.code).toBe(1);
        const parsed = JSON.parse(json.stdout) as ReportJson;
        // Some keys belong to shard 0 of 2 and to shard 1 of 3: stored twice, once per report.
        const twice = sandbox.records().length - parsed.keys;
        expect(twice).toBeGreaterThan(0);
        expect(parsed.conflicts?.shards).toEqual([
          { file: reports[0], shard: ['0/2'] },
          { file: reports[1], shard: ['1/3'] },
        ]);
        expect(parsed.conflicts?.keysInSeveral?.count).toBe(twice);
        const listed = parsed.conflicts?.keysInSeveral?.listed ?? [];
        expect(listed.length).toBe(Math.min(twice, 20));
        for (const k of listed) expect(k.files).toEqual(reports);

        const text = await inProcess(['report', ...reports], {});
        expect(text.code).toBe(1);
        expect(text.stdout).toContain('different shard counts');
        expect(text.stdout).toContain(`${twice} key(s) uploaded in more than one report`);
        expect(text.stdout).toContain(listed[0]!.key);
      }),
    60_000,
  );

  test(
    'the same shard count, but one shard run twice into two reports: the keys uploaded twice are flagged',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const input = await sampleCsv(dir, ROWS);
        const reports = [0, 1, 2].map((i) => path.join(dir, `s${i}.jsonl`));
        for (const [i, report] of reports.entries())
          expect((await inProcess(ingestArgs(input, report, '--shard', `${i === 2 ? 0 : i}/2`), envFor(sandbox, dir))).code).toBe(0);
        const twice = sandbox.records().length - ROWS;
        expect(twice).toBeGreaterThan(0);
        const result = await inProcess(['report', ...reports, '--json'], {});
        expect(result.code).toBe(1);
        const parsed = JSON.parse(result.stdout) as ReportJson;
        expect(parsed.conflicts?.shards).toBeUndefined();
        expect(parsed.conflicts?.keysInSeveral?.count).toBe(twice);
        // Disjoint shards of one count are still one run: exit 0, nothing flagged.
        const fine = await inProcess(['report', reports[0]!, reports[1]!, '--json'], {});
        expect(fine.code).toBe(0);
        expect((JSON.parse(fine.stdout) as ReportJson).conflicts).toBeUndefined();
      }),
    60_000,
  );
});
