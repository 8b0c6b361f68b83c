import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadReportState } from '../../src/report/load-report-state.js';
import { envFor, ingestArgs, runCli, SAMPLE } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

/** The sample's header and its first `good` rows, then a row with an unclosed quote, then more rows. */
async function brokenCsv(dir: string, good: number): Promise<{ file: string; fixed: string }> {
  const [header = '', ...rows] = (await readFile(SAMPLE, 'utf8')).trimEnd().split('\n');
  const bad = (rows[good] ?? '').replace(/^([^,]*),/, '"$1,');
  const file = path.join(dir, 'broken.csv');
  await writeFile(file, [header, ...rows.slice(0, good), bad, ...rows.slice(good + 1, good + 20), ''].join('\n'));
  return { file, fixed: [header, ...rows.slice(0, good + 20), ''].join('\n') };
}

describe('an input error part-way through ingest (built CLI, sandbox over HTTP)', () => {
  test(
    'after rows were uploaded: exit 3 with the counts so far, the report says which error and where, and a fixed file resumes',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const { file, fixed } = await brokenCsv(dir, 100);
        const report = path.join(dir, 'broken.report.jsonl');
        const result = await runCli(ingestArgs(file, report, '--json'), envFor(sandbox, dir));
        expect(result.code).toBe(3);
        // Rows read ahead of the error but not yet sent get no line (they resume); the rest were uploaded.
        const uploaded = sandbox.records().length;
        expect(uploaded).toBeGreaterThan(100 - 2 * 8 - 1);
        expect(uploaded).toBeLessThanOrEqual(100);
        expect(result.stderr).toMatch(
          new RegExp(
            `^error SOURCE_CSV_SYNTAX: .*\\(the run stopped there, after ${uploaded} record\\(s\\) were uploaded and 0 left uncertain\\)`,
            'm',
          ),
        );
        expect(result.stderr).toMatch(/^ {2}at .*broken\.csv:102$/m);
        expect(result.stderr).toContain('resume with: mge-ingest ingest');
        expect(JSON.parse(result.stdout)).toMatchObject({ fatal: 'SOURCE_CSV_SYNTAX', exitCode: 3, counts: { uploaded } });
        const { state } = await loadReportState(report);
        expect(state.runSummaries.at(-1)).toMatchObject({
          fatal: 'SOURCE_CSV_SYNTAX',
          error: { code: 'SOURCE_CSV_SYNTAX', location: { file, row: 102 } },
        });

        const shown = await runCli(['report', report], {});
        expect(shown.code).toBe(1);
        expect(shown.stdout).toMatch(
          /the latest run \(.*\) stopped with SOURCE_CSV_SYNTAX: the file is not valid CSV.* at .*broken\.csv:102;/,
        );

        await writeFile(file, fixed);
        const resumed = await runCli(ingestArgs(file, report, '--json'), envFor(sandbox, dir));
        expect(resumed.code).toBe(0);
        expect(JSON.parse(resumed.stdout)).toMatchObject({ counts: { skipped: uploaded, uploaded: 120 - uploaded } });
        expect((await runCli(['report', report], {})).code).toBe(0);
      }),
    60_000,
  );

  test(
    'before anything was uploaded: exit 2, nothing was uploaded',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const { file } = await brokenCsv(dir, 0);
        const result = await runCli(ingestArgs(file, path.join(dir, 'first.report.jsonl')), envFor(sandbox, dir));
        expect(result.code).toBe(2);
        expect(result.stderr).toMatch(/^error SOURCE_CSV_SYNTAX: /m);
        expect(result.stderr).not.toContain('the run stopped there');
        expect(sandbox.records()).toHaveLength(0);
      }),
    60_000,
  );
});
