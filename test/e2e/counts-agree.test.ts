import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inspectWorkbook } from '../helpers/inspect-workbook.js';
import { useBrowser } from '../helpers/launch-browser.js';
import { withSandbox } from '../helpers/with-sandbox.js';
import { envFor, ingestArgs, runCli, SAMPLE } from './ingest-harness.js';

const browserOf = useBrowser();

/** Per code: the problems with it and the records they are in. */
type Counts = Record<string, { problems: number; records: number }>;

/**
 * The steel sample's first 40 rows with slips: yield strength no number (rows 3–5), tensile strength
 * too in rows 4–5 (two problems of one code in one record), a formula (the key) repeated (row 8).
 */
async function brokenInput(dir: string): Promise<string> {
  const [header = '', ...rows] = (await readFile(SAMPLE, 'utf8')).trimEnd().split('\n');
  const first = rows[0]!.split(',');
  const lines = rows.slice(0, 40).map((line, i) => {
    const cells = line.replace(/\r$/, '').split(',');
    if (i >= 1 && i <= 3) cells[15] = 'n/a';
    if (i >= 2 && i <= 3) cells[16] = 'x';
    if (i === 6) cells[1] = first[1]!;
    return cells.join(',');
  });
  const input = path.join(dir, 'steel.csv');
  await writeFile(input, [header, ...lines, ''].join('\n'));
  return input;
}

/** The bars of the page's chart by code. */
async function pageCounts(file: string): Promise<Counts> {
  const page = await browserOf().open(file);
  const bars = await page
    .locator('[data-chart="code"] .bar')
    .evaluateAll((els) =>
      els.map((e) => [e.getAttribute('data-value'), e.getAttribute('data-problems'), e.getAttribute('data-records'), e.textContent]),
    );
  await page.close();
  const out: Counts = {};
  for (const [code, problems, records, text] of bars) {
    out[code!] = { problems: Number(problems), records: Number(records) };
    expect(text).toContain(`${problems} problem(s) in ${records} record(s)`);
  }
  return out;
}

/** The code column of the Problems sheet of an annotated copy: problems per code. */
function sheetProblems(file: string): Record<string, number> {
  const cells = inspectWorkbook(file).sheets['Problems']?.cells ?? {};
  const title = Object.entries(cells).find(([ref, c]) => ref.startsWith('B') && c.value === 'code');
  const from = Number(title![0].slice(1));
  const out: Record<string, number> = {};
  for (const [ref, c] of Object.entries(cells)) {
    const m = /^B(\d+)$/.exec(ref);
    if (m !== null && Number(m[1]) > from && typeof c.value === 'string' && c.value !== '') out[c.value] = (out[c.value] ?? 0) + 1;
  }
  return out;
}

const problemsOnly = (counts: Counts): Record<string, number> =>
  Object.fromEntries(Object.entries(counts).map(([code, c]) => [code, c.problems]));

describe('one count per code in every window (built CLI, sandbox, chromium)', () => {
  test('validate text and --json, report text and --json, both pages and both annotated copies agree', async () => {
    await withSandbox({}, async (sandbox, dir) => {
      const input = await brokenInput(dir);
      const env = envFor(sandbox, dir);
      const mapping = path.resolve('mappings/steel_strength.yaml');
      const expected: Counts = {
        DUPLICATE_KEY: { problems: 1, records: 1 },
        VALUE_NOT_A_NUMBER: { problems: 5, records: 3 },
      };

      // validate: text, then --json with the page and the annotated copy.
      const text = await runCli(['validate', '--mapping', mapping, input], env);
      expect(text.code).toBe(1);
      expect(text.stdout).toContain('by code: DUPLICATE_KEY 1 problem(s) in 1 record(s), VALUE_NOT_A_NUMBER 5 problem(s) in 3 record(s)');
      const vPage = path.join(dir, 'validate.html');
      const vCopy = path.join(dir, 'validate-checked.xlsx');
      const json = await runCli(['validate', '--mapping', mapping, input, '--json', '--html', vPage, '--annotate', vCopy], env);
      const v = JSON.parse(json.stdout) as {
        invalidByCode: Record<string, number>;
        problemsByCode: Record<string, number>;
        problemCount: number;
      };
      const fromJson: Counts = Object.fromEntries(
        Object.entries(v.invalidByCode).map(([code, records]) => [code, { problems: v.problemsByCode[code]!, records }]),
      );
      expect(fromJson).toEqual(expected);
      expect(v.problemCount).toBe(6);
      expect(await pageCounts(vPage)).toEqual(expected);
      expect(sheetProblems(vCopy)).toEqual(problemsOnly(expected));

      // ingest against the sandbox, then report: text, --json, the page, the annotated copy.
      const report = path.join(dir, 'steel.report.jsonl');
      expect((await runCli(ingestArgs(input, report, '--quiet'), env)).code).toBe(1);
      const rText = await runCli(['report', report], {});
      expect(rText.stderr).toBe('');
      const table = rText.stdout.split('\n').filter((l) => /^(DUPLICATE_KEY|VALUE_NOT_A_NUMBER)\s/.test(l));
      const fromText: Counts = Object.fromEntries(
        table.map((l) => {
          const [code, status, records, problems] = l.split(/\s+/);
          expect(status).toBe('invalid');
          return [code!, { problems: Number(problems), records: Number(records) }];
        }),
      );
      expect(rText.stdout).toMatch(/code\s+status\s+records\s+problems\s+example/);
      expect(fromText).toEqual(expected);
      const rJson = JSON.parse((await runCli(['report', report, '--json'], {})).stdout) as {
        errors: { code: string; count: number; problems: number }[];
      };
      expect(Object.fromEntries(rJson.errors.map((e) => [e.code, { problems: e.problems, records: e.count }]))).toEqual(expected);
      const rPage = path.join(dir, 'report.html');
      const rCopy = path.join(dir, 'report-checked.xlsx');
      expect((await runCli(['report', report, '--html', rPage, '--annotate', rCopy], {})).code).toBe(1);
      expect(await pageCounts(rPage)).toEqual(expected);
      expect(sheetProblems(rCopy)).toEqual(problemsOnly(expected));
    });
  }, 120_000);
});
