import path from 'node:path';
import { loadReportState } from '../../src/report/load-report-state.js';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-options.js';
import { audit, envFor, MAPPING, runCli, sampleCsv, startCli, storedAtLeast } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

const CONCURRENCY = 4;
const ROWS = 120;
let input = '';
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
  String(CONCURRENCY),
  ...extra,
];

/** A sandbox with the sample's first ROWS rows as `input` in its folder. */
function withSlowSandbox(test: (sandbox: Sandbox, dir: string, storeFile: string) => Promise<void>): Promise<void> {
  // Latency keeps requests in flight and the run a few seconds long, so the interruption lands
  // mid-run even on a busy machine (the test polls the sandbox for its moment).
  return withSandbox({ latencyMs: 120 }, async (sandbox, dir, storeFile) => {
    input = await sampleCsv(dir, ROWS);
    await test(sandbox, dir, storeFile);
  });
}

describe('interrupting ingest (built CLI, sandbox over HTTP)', () => {
  test(
    'kill -9 mid-run, then resume: every row stored once; uncertain rows at most the requests in flight',
    () =>
      withSlowSandbox(async (sandbox, dir, storeFile) => {
        const report = path.join(dir, 'killed.report.jsonl');
        const run = startCli(args(report), envFor(sandbox, dir));
        await storedAtLeast(sandbox, 30);
        run.child.kill('SIGKILL');
        await run.done;
        const resumed = await runCli(args(report, '--json'), envFor(sandbox, dir));
        const a = await audit(storeFile, report);
        expect(a.keys.size).toBe(ROWS);
        expect(a.duplicates).toEqual([]);
        expect(a.missing).toEqual([]);
        expect(a.unaccounted).toEqual([]);
        const uncertain = a.byStatus['uncertain'] ?? 0;
        expect(uncertain).toBeLessThanOrEqual(CONCURRENCY);
        expect((a.byStatus['uploaded'] ?? 0) + uncertain).toBe(ROWS);
        expect(resumed.code).toBe(uncertain > 0 ? 1 : 0);
        for (const entry of a.keys.values()) if (entry.status === 'uncertain') expect(entry.failure?.code).toBe('NO_OUTCOME');
      }),
    60_000,
  );

  test(
    'SIGINT mid-run: exit 130 with every intent closed, the way to resume printed; the resume completes',
    () =>
      withSlowSandbox(async (sandbox, dir, storeFile) => {
        const report = path.join(dir, 'sigint.report.jsonl');
        const run = startCli(args(report), envFor(sandbox, dir));
        await storedAtLeast(sandbox, 30);
        run.child.kill('SIGINT');
        const stopped = await run.done;
        expect(stopped.code).toBe(130);
        expect(stopped.stderr).toContain('resume with: mge-ingest ingest --mapping');
        const { state } = await loadReportState(report, { whole: true });
        expect([...state.keys.values()].filter((e) => e.failure?.code === 'NO_OUTCOME')).toEqual([]);
        expect(state.summaries.at(-1)?.interrupted).toBe(true);
        expect(state.keys.size).toBeLessThan(ROWS);
        // Every row read so far is uploaded, yet the input is not done: report must not say "all good".
        const shown = await runCli(['report', report], {});
        expect(shown.code).toBe(1);
        expect(shown.stdout).toContain('interrupted');

        const resumed = await runCli(args(report), envFor(sandbox, dir));
        expect(resumed.code).toBe(0);
        const a = await audit(storeFile, report);
        expect(a.stored).toBe(ROWS);
        expect(a.byStatus).toEqual({ uploaded: ROWS });
        expect(a.duplicates).toEqual([]);
      }),
    60_000,
  );

  test(
    'token rejected mid-run: exit 3 after draining; resumable once the token is fixed',
    () =>
      withSlowSandbox(async (sandbox, dir, storeFile) => {
        const report = path.join(dir, 'token.report.jsonl');
        const run = startCli(args(report), envFor(sandbox, dir));
        await storedAtLeast(sandbox, 30);
        sandbox.setTokens(['rotated-token']);
        const stopped = await run.done;
        expect(stopped.code).toBe(3);
        expect(stopped.stderr).toContain('error TOKEN_REJECTED');
        expect(stopped.stderr).not.toContain('rotated-token');
        const { state } = await loadReportState(report, { whole: true });
        expect(state.summaries.at(-1)?.fatal).toBe('TOKEN_REJECTED');

        const resumed = await runCli(args(report), envFor(sandbox, dir, 'rotated-token'));
        expect(resumed.code).toBe(0);
        const a = await audit(storeFile, report);
        expect(a.stored).toBe(ROWS);
        expect(a.byStatus).toEqual({ uploaded: ROWS });
        expect(a.duplicates).toEqual([]);
      }),
    60_000,
  );
});
