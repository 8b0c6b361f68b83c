import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { runBuiltCli } from '../cli/run-built-cli.js';
import { testOutputDir, useBrowser } from '../helpers/launch-browser.js';
import { tempDir } from './ingest-harness.js';

const browserOf = useBrowser();

const texts = (page: Page, col: string): Promise<string[]> => page.locator(`#table-problems tbody td[data-col="${col}"]`).allTextContents();

/**
 * The composition sample with a curator's slips, its sheet renamed to one a reference must quote:
 * contents that are no number (D5 of the first record, D30 of the third) and an elongation in words (F3).
 * Written by exceljs in its own process (rows made in jest's module realm reach its writer empty).
 */
function brokenWorkbook(file: string): void {
  const script = `const ExcelJS = require('exceljs');
    (async () => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile('samples/steel_composition_rows.xlsx');
      const sheet = book.worksheets[0];
      sheet.name = 'Tensile tests';
      sheet.getCell('D5').value = 'n/a';
      sheet.getCell('D30').value = 'trace';
      sheet.getCell('F3').value = 'seven';
      await book.xlsx.writeFile(process.argv[1]);
    })();`;
  execFileSync(process.execPath, ['-e', script, file], { cwd: process.cwd() });
}

describe('validate --html in a real browser (built CLI, chromium)', () => {
  test("a workbook with invalid cells: counts match --json, cells named file!'Sheet'!A1, filters work", async () => {
    const browser = browserOf();
    const dir = await tempDir();
    const out = await testOutputDir('validate-html');
    const input = path.join(dir, 'broken.xlsx');
    brokenWorkbook(input);
    const html = path.join(out, 'validate.html');
    const result = await runBuiltCli(
      ['validate', '--sandbox', '--mapping', 'mappings/steel_composition_rows.yaml', input, '--html', html, '--json'],
      { env: { XDG_CACHE_HOME: path.join(dir, 'cache') } },
    );
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout) as Record<string, number> & { invalidByCode: Record<string, number>; html: { file: string } };
    expect(json.html.file).toBe(html);
    expect(json.invalid).toBe(2);

    const page = await browser.open(html);
    for (const name of ['files', 'rows', 'records', 'valid', 'invalid']) {
      expect(Number((await page.locator(`[data-count="${name}"] .n`).innerText()).replaceAll(',', ''))).toBe(json[name]);
    }
    const refs = await texts(page, 'ref');
    expect(refs).toEqual(
      expect.arrayContaining(["broken.xlsx!'Tensile tests'!D5", "broken.xlsx!'Tensile tests'!D30", "broken.xlsx!'Tensile tests'!F3"]),
    );
    expect(await page.locator('#runs').innerText()).toContain('mappings/steel_composition_rows.yaml');

    // The file filter lists the input by its full name; the code filter narrows to what was typed.
    await page.locator('#table-problems select[data-filter="file"]').selectOption(`=${input}`);
    expect(await texts(page, 'ref')).toEqual(refs);
    await page.locator('#table-problems [data-filter="code"]').fill('VALUE_NOT_A_NUMBER');
    const numbers = await texts(page, 'ref');
    // In the order of the sheet: record by record, a record's cells in the order they were checked.
    expect(new Set(numbers)).toEqual(
      new Set(["broken.xlsx!'Tensile tests'!F3", "broken.xlsx!'Tensile tests'!D5", "broken.xlsx!'Tensile tests'!D30"]),
    );
    expect(numbers.at(-1)).toBe("broken.xlsx!'Tensile tests'!D30");
    expect(new Set(await texts(page, 'code'))).toEqual(new Set(['VALUE_NOT_A_NUMBER']));
    expect(new Set(await texts(page, 'found'))).toEqual(
      new Set(numbers.map((r) => ({ D5: 'n/a', D30: 'trace', F3: 'seven' })[r.split('!')[2]!])),
    );

    // Sorting by the found value, then back to the order of the sheet.
    await page.locator('#table-problems th[data-col="found"] button').click();
    const found = await texts(page, 'found');
    expect(found).toEqual([...found].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })));
    await page.locator('#table-problems th[data-col="ref"] button').click();
    expect(await texts(page, 'ref')).toEqual(numbers);

    await page.locator('#table-problems [data-filter="code"]').fill('');
    await page.screenshot({ path: path.join(out, 'validate.png'), fullPage: true });
    expect(browser.errors).toEqual([]);
    expect(browser.requests.filter((url) => !url.startsWith('file:'))).toEqual([]);
    await page.close();
  }, 60_000);
});
