import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReportLine, RunLine, SummaryLine } from '../../src/report/report-lines.js';
import type { CliResult } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { audit, envFor, ingestArgs, MAPPING, runCli, SAMPLE, sampleCsv, startCli, storedAtLeast } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

/** The report's lines, split by run (each starting with its `run` line). */
async function runsOf(report: string): Promise<ReportLine[][]> {
  const lines = (await readFile(report, 'utf8'))
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as ReportLine);
  const runs: ReportLine[][] = [];
  for (const line of lines) {
    if (line.type === 'run') runs.push([]);
    runs.at(-1)?.push(line);
  }
  return runs;
}

type Outcome = Extract<ReportLine, { type: 'uploaded' | 'uncertain' | 'failed' }>;
const isSendOutcome = (l: ReportLine): l is Outcome => l.type === 'uploaded' || l.type === 'uncertain' || l.type === 'failed';

/** A run through runCli in this process, what the bin runs (the built CLI where a test says so). */
const inProcess = (args: readonly string[], env: Record<string, string>): Promise<CliResult> => runCliInTurn(args, { env });

describe('exactly once (CLI, sandbox over HTTP)', () => {
  test(
    '30% commit-then-500 with --retry-uncertain: no record stored twice within a run; the next run re-sends the uncertain rows and marks them',
    () =>
      withSandbox({ commitThenFailRate: 0.3, seed: 11 }, async (sandbox, dir, storeFile) => {
        const report = path.join(dir, 'once.report.jsonl');
        // The breaker is set out of the way: this test is about what happens to each row.
        const args = ingestArgs(SAMPLE, report, '--retry-uncertain', '--max-retries', '5', '--max-uncertain-streak', '1000', '--json');

        // Through the built CLI (exit code and output as a shell sees them); the other runs in this process.
        const first = await runCli(args, envFor(sandbox, dir));
        expect(first.code).toBe(1);
        const summary = JSON.parse(first.stdout) as { counts: Record<string, number>; toCheck: Record<string, number> };
        const uncertain = summary.counts['uncertain'] ?? 0;
        expect(uncertain).toBeGreaterThan(50);
        expect((summary.counts['uploaded'] ?? 0) + uncertain).toBe(312);
        expect(summary.toCheck).toEqual({ invalid: 0, failed: 0, uncertain, changed: 0 });
        // Every commit-then-500 stored the record once: 312 rows, 312 records, none twice.
        const once = await audit(storeFile, report);
        expect(once.stored).toBe(312);
        expect(once.duplicates).toEqual([]);
        expect(once.unaccounted).toEqual([]);
        const [run1 = []] = await runsOf(report);
        const intents = new Map<string, number>();
        for (const l of run1) if (l.type === 'intent') intents.set(l.key, (intents.get(l.key) ?? 0) + 1);
        expect([...intents.values()].every((n) => n === 1)).toBe(true);
        expect(run1.filter(isSendOutcome).some((l) => l.resendOf !== undefined)).toBe(false);
        const firstRunId = (run1[0] as RunLine).runId;
        const leftUncertain = new Set(run1.filter((l) => l.type === 'uncertain').map((l) => l.key));

        const second = await inProcess(args, envFor(sandbox, dir));
        const [, run2 = []] = await runsOf(report);
        const sent = run2.filter(isSendOutcome);
        // Exactly the rows the first run left uncertain were sent again, once each, and each says so.
        expect(new Set(sent.map((l) => l.key))).toEqual(leftUncertain);
        expect(sent).toHaveLength(leftUncertain.size);
        for (const line of sent) expect(line.resendOf).toEqual({ runId: firstRunId, at: expect.any(String), reason: 'status 500' });
        // The rows stored by the first run are counted in the summary line, without a line each.
        expect(run2.filter((l) => l.type === 'skipped')).toHaveLength(0);
        expect(run2.find((l): l is SummaryLine => l.type === 'summary')?.counts.skipped).toBe(312 - uncertain);
        // The duplicates on the platform are those re-sends, and the report can name each of them.
        const a = await audit(storeFile, report);
        expect(a.stored).toBe(312 + uncertain);
        expect(a.duplicates).toHaveLength(uncertain);
        expect(a.missing).toEqual([]);
        expect(a.unaccounted).toEqual([]);
        const resentHashes = new Set(sent.map((l) => l.hash));
        expect(a.duplicates.every((hash) => resentHashes.has(hash))).toBe(true);
        expect(second.code).toBe(sent.some((l) => l.type === 'uncertain') ? 1 : 0);
      }),
    120_000,
  );

  test(
    'circuit breaker: a platform that stores then fails every request stops the run after --max-uncertain-streak unknown outcomes (exit 3)',
    () =>
      withSandbox({ commitThenFailRate: 1, seed: 2 }, async (sandbox, dir) => {
        const input = await sampleCsv(dir, 60);
        const report = path.join(dir, 'breaker.report.jsonl');
        const args = (report: string, ...extra: string[]): string[] => [
          'ingest',
          '--mapping',
          MAPPING,
          '--report',
          report,
          input,
          '--rate',
          '1000',
          '--concurrency',
          '2',
          ...extra,
        ];
        const result = await inProcess(args(report, '--max-uncertain-streak', '5', '--json'), envFor(sandbox, dir));
        expect(result.code).toBe(3);
        expect(result.stderr).toContain('error UNCERTAIN_STREAK');
        expect(result.stderr).toContain('resume with: mge-ingest ingest');
        // Five in a row, and at most the one other request in flight: not the whole file.
        expect(sandbox.records().length).toBeGreaterThanOrEqual(5);
        expect(sandbox.records().length).toBeLessThanOrEqual(6);
        expect(JSON.parse(result.stdout)).toMatchObject({ fatal: 'UNCERTAIN_STREAK', exitCode: 3 });
        const [run = []] = await runsOf(report);
        expect(run.at(-1)).toMatchObject({ type: 'summary', fatal: 'UNCERTAIN_STREAK' });

        // The same limit from the environment (MGE_MAX_UNCERTAIN_STREAK), on a fresh report.
        const env = { ...envFor(sandbox, dir), MGE_MAX_UNCERTAIN_STREAK: '2' };
        const fromEnv = await inProcess(args(path.join(dir, 'env.report.jsonl')), env);
        expect(fromEnv.code).toBe(3);
        expect(fromEnv.stderr).toContain('error UNCERTAIN_STREAK');
        expect(sandbox.records().length).toBeLessThanOrEqual(6 + 3);
      }),
    60_000,
  );

  test(
    'report says what is outstanding now: after kill -9 and a resume that completes every row, it exits 0',
    () =>
      withSandbox({ latencyMs: 100 }, async (sandbox, dir, storeFile) => {
        const input = await sampleCsv(dir, 80);
        const report = path.join(dir, 'steel.report.jsonl');
        const run = startCli(ingestArgs(input, report), envFor(sandbox, dir));
        await storedAtLeast(sandbox, 20, run);
        run.child.kill('SIGKILL');
        await run.done;
        const killed = await inProcess(['report', report, '--json'], {});
        expect(killed.code).toBe(1);
        expect(JSON.parse(killed.stdout)).toMatchObject({ unfinished: { why: 'killed' } });

        const resumed = await inProcess(ingestArgs(input, report, '--retry-uncertain', '--json'), envFor(sandbox, dir));
        expect(resumed.code).toBe(0);
        const now = await inProcess(['report', report, '--json'], {});
        expect(now.code).toBe(0);
        const json = JSON.parse(now.stdout) as { counts: Record<string, number>; unfinished?: unknown; runs: number; outstanding: number };
        expect(json).toMatchObject({ runs: 2, outstanding: 0, counts: { uploaded: 80 } });
        expect(json.unfinished).toBeUndefined();
        const text = await inProcess(['report', report], {});
        expect(text.stdout).not.toMatch(/killed|interrupted|stopped/);
        // Only rows whose request was in flight at the kill can be on the platform twice.
        const a = await audit(storeFile, report);
        expect(a.duplicates.length).toBeLessThanOrEqual(8);
      }),
    60_000,
  );
});
