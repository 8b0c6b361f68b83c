import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { acquireReportLock } from '../../src/report/acquire-report-lock.js';
import type { CliResult } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { envFor, ingestArgs, runCli, SAMPLE } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

interface JsonSummary {
  readonly counts: Record<string, number>;
}

/** The sample's first `n` rows, with the yield strength of row `edit` (1-based) changed when given. */
async function sampleRows(file: string, n: number, edit?: number): Promise<void> {
  const [header = '', ...rows] = (await readFile(SAMPLE, 'utf8')).trimEnd().split('\n');
  const kept = rows.slice(0, n).map((row, i) => {
    if (i + 1 !== edit) return row;
    const cells = row.split(',');
    cells[15] = String(Number(cells[15]) + 1);
    return cells.join(',');
  });
  await writeFile(file, [header, ...kept, ''].join('\n'));
}

const report = (file: string, env: Record<string, string>) => inProcess(['report', file, '--json'], env);

/** A run through runCli in this process, what the bin runs (the built CLI where a test says so). */
const inProcess = (args: readonly string[], env: Record<string, string>): Promise<CliResult> => runCliInTurn(args, { env });

describe('report compact (CLI, sandbox over HTTP)', () => {
  test(
    'rewrites the report as its state: one line per key, the runs kept; report, resume and --retry-uncertain give the same after it',
    () =>
      withSandbox({ commitThenFailRate: 0.2, seed: 5 }, async (sandbox, dir) => {
        const env = envFor(sandbox, dir);
        const input = path.join(dir, 'in.csv');
        const file = path.join(dir, 'r.jsonl');
        await sampleRows(input, 30);
        await inProcess(ingestArgs(input, file, '--max-retries', '0'), env);
        await sampleRows(input, 30, 4);
        await inProcess(ingestArgs(input, file, '--verbose-report'), env);
        const stored = sandbox.records().length;
        const before = await report(file, env);
        const bytesBefore = (await stat(file)).size;

        const compacted = await inProcess(['report', 'compact', file], env);
        expect([compacted.code, compacted.stderr]).toEqual([0, '']);
        const keys = (JSON.parse(before.stdout) as { keys: number }).keys;
        expect(compacted.stdout).toMatch(new RegExp(`compacted, \\d+ lines .* → ${keys + 4} lines .* for ${keys} record\\(s\\)`));

        // Plain JSON lines still (jq reads them): two runs, their summaries, one state line per key.
        const lines = (await readFile(file, 'utf8'))
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l) as { type: string; key?: string });
        expect(lines.map((l) => l.type).filter((t) => t !== 'state')).toEqual(['run', 'summary', 'run', 'summary']);
        expect(new Set(lines.flatMap((l) => (l.key ? [l.key] : []))).size).toBe(keys);
        expect(lines.length - 4).toBe(keys);
        expect((await stat(file)).size).toBeLessThan(bytesBefore);

        const after = await report(file, env);
        expect([after.code, JSON.parse(after.stdout)]).toEqual([before.code, JSON.parse(before.stdout)]);

        // The same command resumes: nothing is uploaded again, the changed row is still changed.
        const again = await inProcess(ingestArgs(input, file, '--json'), env);
        const counts = (JSON.parse(again.stdout) as JsonSummary).counts;
        const reported = (JSON.parse(before.stdout) as { counts: Record<string, number> }).counts;
        expect(reported['changed']).toBe(1);
        expect(counts).toMatchObject({ uploaded: 0, changed: 1 });
        expect(sandbox.records()).toHaveLength(stored);

        // The uncertain rows still know which run left them so: their re-sends name it.
        const uncertain = counts['uncertain'] ?? 0;
        const skippedUncertain = (JSON.parse(after.stdout) as { counts: Record<string, number> }).counts['uncertain'] ?? 0;
        expect(skippedUncertain).toBeGreaterThan(0);
        expect(uncertain).toBe(0);
        await inProcess(ingestArgs(input, file, '--retry-uncertain', '--max-retries', '0'), env);
        const resent = (await readFile(file, 'utf8'))
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l) as { type: string; resendOf?: { runId?: string } });
        const firstRun = (lines[0] as unknown as { runId: string }).runId;
        const marked = resent.filter((l) => l.resendOf !== undefined);
        expect(marked).toHaveLength(skippedUncertain);
        expect(marked.every((l) => l.resendOf?.runId === firstRun)).toBe(true);
      }),
    120_000,
  );

  test(
    'is refused while a run holds the report lock (exit 2, the report untouched); a missing report is named',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const env = envFor(sandbox, dir);
        const input = path.join(dir, 'in.csv');
        const file = path.join(dir, 'r.jsonl');
        await sampleRows(input, 5);
        await inProcess(ingestArgs(input, file), env);
        const text = await readFile(file, 'utf8');
        const lock = await acquireReportLock(file, { every: () => () => undefined });
        try {
          // Through the built CLI: the lock is this process's, so the refused run is another process.
          const refused = await runCli(['report', 'compact', file], env);
          expect([refused.code, /^error (\w+)/.exec(refused.stderr)?.[1]]).toEqual([2, 'REPORT_LOCKED']);
          expect(refused.stderr).not.toMatch(/\.js:\d+:\d+/);
        } finally {
          await lock.release();
        }
        expect(await readFile(file, 'utf8')).toBe(text);
        const missing = await inProcess(['report', 'compact', path.join(dir, 'none.jsonl')], env);
        expect([missing.code, /^error (\w+)/.exec(missing.stderr)?.[1]]).toEqual([2, 'REPORT_NOT_FOUND']);
      }),
    60_000,
  );
});
