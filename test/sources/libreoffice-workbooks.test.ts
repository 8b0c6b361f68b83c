import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openTable } from '../../src/sources/open-table.js';
import type { CellDate, CellValue } from '../../src/sources/source-types.js';
import { fixture, readAll } from './read-all.js';

/*
 * Workbooks saved by LibreOffice Calc (see test/fixtures/sources/README.md): a merged title row, a
 * two-row header with merged group titles, a date column in a Chinese date format, a formula column
 * and a percent column, over the first ten rows of the steel_strength dataset.
 */

const NAMES = [
  '编号',
  '测试日期',
  '成分 (wt%) / C',
  '成分 (wt%) / Mn',
  '成分 (wt%) / Si',
  '拉伸性能 / 屈服强度 (MPa)',
  '拉伸性能 / 抗拉强度 (MPa)',
  '拉伸性能 / 屈强比',
  '拉伸性能 / 伸长率 (%)',
];

/** index, C, Mn, Si, yield, tensile, elongation as a fraction (the third row has none). */
const DATA: readonly (readonly [number, number, number, number, number, number, number | null])[] = [
  [0, 0.02, 0.05, 0.05, 2411.5, 2473.5, 0.07],
  [1, 0.18, 0.01, 0.01, 1123.1, 1929.2, 0.08],
  [2, 0, 0.01, 0.01, 1736.3, 1871.8, null],
  [3, 0.01, 0.05, 0.05, 2487.3, 2514.9, 0.09],
  [4, 0.01, 0.05, 0.05, 2249.6, 2315, 0.085],
  [5, 0.19, 0.02, 0.49, 1328.3, 1779.5, 0.197],
  [6, 0, 0.05, 0.05, 2501.1, 2570, 0.037],
  [7, 0.1, 0.57, 0.24, 1228.9, 1795.6, 0.02],
  [8, 0.01, 0.01, 1.99, 1088.6, 1419.3, 0.1],
  [9, 0.16, 0.01, 0.01, 1502, 2008.4, 0.115],
];

/** The dates the sheet shows (2024年3月1日 …), as wall-clock values. */
const DATES: CellDate[] = DATA.map((_, i) => ({ kind: 'date', iso: `2024-03-${String(i + 1).padStart(2, '0')}` }));

/**
 * The expected row values. LibreOffice recalculates `=F/G` on load and stores the result as a full
 * double in .xls but with 15 significant digits in .xlsx and .ods; the reader must hand on what is stored.
 */
function expectedValues(fifteenDigits: boolean): CellValue[][] {
  return DATA.map(([index, c, mn, si, yieldStrength, tensile, elongation], i) => {
    const ratio = yieldStrength / tensile;
    return [index, DATES[i]!, c, mn, si, yieldStrength, tensile, fifteenDigits ? Number(ratio.toPrecision(15)) : ratio, elongation];
  });
}

const PERCENT_AT_ELONGATION = [false, false, false, false, false, false, false, false, true];

describe.each([
  ['steel-lo.xlsx', true],
  ['steel-lo.xls', false],
  ['steel-lo.ods', true],
])('LibreOffice-saved %s', (name, fifteenDigits) => {
  const file = fixture(`libreoffice/${name}`);

  test('the merged two-row header joins into group / sub names below the title row', async () => {
    const table = await openTable(file, { headerRow: 3, headerRows: 2 });
    await table.close();
    expect(table.header).toEqual({ file, sheet: '数据', row: 3, names: NAMES, columns: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] });
  });

  test('rows keep numbers, dates, formula results and percent flags, with their sheet row numbers', async () => {
    const rows = await readAll(await openTable(file, { headerRow: 3, headerRows: 2 }));
    expect(rows.map((row) => row.rowNumber)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(rows.map((row) => row.values)).toEqual(expectedValues(fifteenDigits));
    expect(rows.map((row) => row.issues)).toEqual(DATA.map(() => []));
    // The row without an elongation has no percent number, hence no flags at all.
    expect(rows.map((row) => row.percent)).toEqual(DATA.map((d) => (d[6] === null ? undefined : PERCENT_AT_ELONGATION)));
  });
});

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const openTableUrl = pathToFileURL(path.join(root, 'dist/sources/open-table.js')).href;

/** The date column of each LibreOffice workbook, read by the built reader in a child in the given zone. */
async function datesIn(timeZone: string): Promise<Record<string, unknown[]>> {
  const files = ['xlsx', 'xls', 'ods'].map((ext) => fixture(`libreoffice/steel-lo.${ext}`));
  const script = `
    const { openTable } = await import(${JSON.stringify(openTableUrl)});
    const out = {};
    for (const file of ${JSON.stringify(files)}) {
      const table = await openTable(file, { headerRow: 3, headerRows: 2 });
      out[file.slice(file.lastIndexOf('.') + 1)] = [];
      for await (const row of table.rows()) out[file.slice(file.lastIndexOf('.') + 1)].push(row.values[1]);
    }
    console.log(JSON.stringify(out));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, TZ: timeZone, NODE_OPTIONS: '' },
  });
  return JSON.parse(stdout) as Record<string, unknown[]>;
}

describe('LibreOffice-saved dates are the same wall-clock values in every time zone (built reader, child process)', () => {
  test.each(['Asia/Shanghai', 'America/New_York'])('%s', async (timeZone) => {
    expect(await datesIn(timeZone)).toEqual({ xlsx: DATES, xls: DATES, ods: DATES });
  });
});
