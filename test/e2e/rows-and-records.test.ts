import path from 'node:path';
import type { Page } from 'playwright-core';
import { inspectWorkbook } from '../helpers/inspect-workbook.js';
import { useBrowser } from '../helpers/launch-browser.js';
import { withSandbox } from '../helpers/with-sandbox.js';
import type { CliResult } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { envFor, runCli } from './ingest-harness.js';

const browserOf = useBrowser();

/** A grouped sample: one record per 编号, over several rows (one per element). */
const INPUT = path.resolve('samples/steel_composition_rows.xlsx');
const MAPPING = path.resolve('mappings/steel_composition_rows.yaml');
const ROWS = 259;
const RECORDS = 24;

/** A word for rows in a text that should count records only. */
const ROW_WORD = /\brows?\b|row\(s\)/;

/** A count card of the page: its number and its label. */
async function card(page: Page, name: string): Promise<{ n: number; label: string }> {
  const item = page.locator(`[data-count="${name}"]`);
  return {
    n: Number((await item.locator('.n').innerText()).replaceAll(',', '')),
    label: await item.locator('.label').innerText(),
  };
}

/** The summary lines above the Problems sheet's table of an annotated copy: label → value. */
function summaryLines(file: string): Record<string, unknown> {
  const cells = inspectWorkbook(file).sheets['Problems']?.cells ?? {};
  const out: Record<string, unknown> = {};
  for (const [ref, c] of Object.entries(cells)) {
    const m = /^A(\d+)$/.exec(ref);
    if (m !== null && typeof c.value === 'string') out[c.value] = cells[`B${m[1]}`]?.value;
  }
  return out;
}

/** The numbers of a status table (`status  records …`), by status. */
function statusTable(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^(uploaded|skipped|changed|invalid|failed|uncertain)\s+(\d+)\b/gm)) out[m[1]!] = Number(m[2]);
  return out;
}

const sum = (counts: Record<string, number>): number => Object.values(counts).reduce((a, b) => a + b, 0);

/** A run through runCli in this process, what the bin runs (the built CLI where a test says so). */
const inProcess = (args: readonly string[], env: Record<string, string>): Promise<CliResult> => runCliInTurn(args, { env });

describe('a row is a row of the input, a record what is sent: every window says which (CLI, sandbox, chromium)', () => {
  test('a grouped workbook through validate, ingest, report, both pages and both annotated copies', async () => {
    // Some uploads fail and some end uncertain, so the lines about records to check are shown too.
    await withSandbox({ failRate: 0.2, commitThenFailRate: 0.1, seed: 5 }, async (sandbox, dir) => {
      const env = envFor(sandbox, dir);

      // validate: rows read and records made, each by its name, in the text, --json, the page and the copy.
      const vPage = path.join(dir, 'validate.html');
      const vCopy = path.join(dir, 'validate-checked.xlsx');
      // Through the built CLI (exit code and output as a shell sees them); the other runs in this process.
      const validated = await runCli(['validate', '--mapping', MAPPING, INPUT, '--html', vPage, '--annotate', vCopy], env);
      expect(validated.code).toBe(0);
      expect(validated.stdout).toContain(`1 file(s), ${ROWS} row(s), ${RECORDS} record(s): ${RECORDS} valid, 0 invalid`);
      const vRun = await inProcess(['validate', '--mapping', MAPPING, INPUT, '--json'], env);
      const vJson = JSON.parse(vRun.stdout) as Record<string, number>;
      expect([vJson['rows'], vJson['records']]).toEqual([ROWS, RECORDS]);
      const browser = browserOf();
      const page = await browser.open(vPage);
      expect(await card(page, 'rows')).toEqual({ n: ROWS, label: 'rows' });
      expect(await card(page, 'records')).toEqual({ n: RECORDS, label: 'records' });
      await page.close();
      expect(summaryLines(vCopy)).toMatchObject({ rows: ROWS, records: RECORDS, valid: RECORDS, invalid: 0 });

      // ingest: every count is of records, and says so.
      const report = path.join(dir, 'steel.report.jsonl');
      const args = ['ingest', '--mapping', MAPPING, '--report', report, INPUT, '--rate', '1000', '--max-retries', '0'];
      const ingested = await inProcess([...args, '--quiet'], env);
      expect(ingested.code).toBe(1);
      expect(ingested.stdout).toMatch(new RegExp(`^Run finished: ${RECORDS} record\\(s\\) in [\\d.]+ s \\([\\d.]+ records/s\\)$`, 'm'));
      expect(ingested.stdout).toMatch(/^status\s+records\s+meaning$/m);
      const counts = statusTable(ingested.stdout);
      expect(sum(counts)).toBe(RECORDS);
      const toCheck = (counts['failed'] ?? 0) + (counts['uncertain'] ?? 0);
      expect(toCheck).toBeGreaterThan(0);
      expect(ingested.stdout).toContain(`\n${toCheck} record(s) to check (`);
      expect(ingested.stdout).not.toMatch(ROW_WORD);
      const iJson = JSON.parse((await inProcess([...args, '--dry-run', '--json', '--quiet'], env)).stdout) as { rows: number };
      expect(iJson.rows).toBe(RECORDS);

      // report: the keys are records, and so are the status table and the files it writes.
      const rPage = path.join(dir, 'report.html');
      const rCopy = path.join(dir, 'report-checked.xlsx');
      const failedOut = path.join(dir, 'failed.csv');
      const uploadedOut = path.join(dir, 'uploaded.csv');
      const reported = await inProcess(
        ['report', report, '--html', rPage, '--annotate', rCopy, '--failed-out', failedOut, '--uploaded-out', uploadedOut],
        {},
      );
      expect(reported.code).toBe(1);
      expect(reported.stdout).toContain(`: 2 run(s), ${RECORDS} record(s)\n`);
      expect(reported.stdout).toMatch(/^status\s+records$/m);
      const rCounts = statusTable(reported.stdout);
      expect(sum(rCounts)).toBe(RECORDS);
      const uploaded = rCounts['uploaded'] ?? 0;
      expect(reported.stdout).toContain(`\n${RECORDS - uploaded} record(s) not known to be stored (invalid, failed, uncertain) written to`);
      expect(reported.stdout).toContain(`\n${uploaded} uploaded record(s) with their platform ids written to`);
      expect(reported.stdout).not.toMatch(/row key|row\(s\)|^(Uncertain|Changed) rows/m);

      const rShown = await browser.open(rPage);
      expect(await card(rShown, 'keys')).toEqual({ n: RECORDS, label: 'records' });
      expect(await card(rShown, 'uploaded')).toEqual({ n: uploaded, label: 'uploaded' });
      const runs = await rShown.locator('#runs details.run > summary').allInnerTexts();
      expect(runs).toHaveLength(2);
      expect(runs.join('\n')).toContain(`${RECORDS} record(s)`);
      expect(runs.join('\n')).not.toMatch(ROW_WORD);
      const headings = await rShown.locator('h2').allInnerTexts();
      expect(headings.join('\n')).not.toMatch(/^(Uncertain|Changed|Uploaded) rows/m);
      await rShown.close();
      expect(summaryLines(rCopy)).toMatchObject({ records: RECORDS, uploaded });
    });
  }, 180_000);
});
