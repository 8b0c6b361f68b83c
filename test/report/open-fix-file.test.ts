import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { FIX_COLUMNS, openFixFile, type FixRow } from '../../src/report/open-fix-file.js';
import { loadExcelJs } from '../../src/sources/load-exceljs.js';
import { openXlsx } from '../../src/sources/open-xlsx.js';
import { readAll } from '../sources/read-all.js';
import { tempDir } from './report-fixtures.js';

/** Values a spreadsheet would run, or that XML cannot carry as they are. */
const TRICKY = [
  '=1+1',
  '+A1',
  '-3',
  '@SUM(A1)',
  '\t=x',
  '\r=y',
  '=HYPERLINK("http://example.invalid","click")',
  'a\rb\r\nc',
  'bell\u0007 nul\u0000',
  '_x0041_ and _x0041_x0042_',
  ' lead',
  'trail ',
  '<&>"\'',
  '牌号 GH4169',
];
const COLUMNS = ['number', ...TRICKY.map((_, i) => `c${i}`)];

const row: FixRow = {
  status: 'failed',
  file: '=evil.csv',
  sheet: '+sheet',
  rows: [7],
  key: 'k',
  problems: [],
  errors: ['=HYPERLINK("http://example.invalid","see")'],
  codes: ['-CODE'],
  sourceValues: { number: 0.1 + 0.2, ...Object.fromEntries(TRICKY.map((text, i) => [`c${i}`, text])) },
};

describe('openFixFile: rows to fix that a spreadsheet opens safely', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  test("CSV: the input's own cells keep their exact text; the _ columns, for people, cannot start a formula", async () => {
    const file = join(dir, 'fix.csv');
    const out = await openFixFile(file, COLUMNS, '--errors');
    await out.write(row);
    await out.close();
    const [record] = parse<Record<string, string>>(await readFile(file), { bom: true, columns: true });
    expect(TRICKY.map((_, i) => record![`c${i}`])).toEqual(TRICKY);
    expect(record!['number']).toBe('0.3');
    expect(FIX_COLUMNS.map((c) => record![c])).toEqual([
      'failed',
      "'=evil.csv",
      "'+sheet",
      '7',
      '',
      "'-CODE",
      '\'=HYPERLINK("http://example.invalid","see")',
    ]);
  });

  test('xlsx: every cell is text or a number, never a formula; values exact; read back by the tool as written', async () => {
    const file = join(dir, 'fix.xlsx');
    const out = await openFixFile(file, COLUMNS, '--failed-out', { sheets: ['数据', '数据'] });
    expect(out.format).toBe('xlsx');
    await out.write(row);
    await out.write({ ...row, rows: [8], sourceValues: { number: -2.5 } });
    await out.close();

    const ExcelJs = loadExcelJs();
    const book = new ExcelJs.Workbook();
    await book.xlsx.readFile(file);
    expect(book.worksheets.map((s) => s.name)).toEqual(['数据']);
    const sheet = book.worksheets[0]!;
    const types = new Set<number>();
    sheet.eachRow((r) =>
      r.eachCell((cell) => {
        types.add(cell.type);
        expect(cell.formula).toBeUndefined();
      }),
    );
    expect([...types].sort()).toEqual([ExcelJs.ValueType.Number, ExcelJs.ValueType.RichText].sort());
    expect(sheet.getRow(1).getCell(1).text).toBe('number');
    expect(sheet.getRow(2).getCell(1).value).toBe(0.1 + 0.2);
    expect(sheet.getRow(3).getCell(1).value).toBe(-2.5);
    // Nowhere in the sheet's XML a formula element.
    const xml = await readFile(file);
    expect(xml.includes('<f>')).toBe(false);

    // Fed back: the tool's own reader gets every value exactly (control characters and CR included).
    const table = await openXlsx(file, { sheet: '数据' });
    expect(table.header.names).toEqual([...COLUMNS, ...FIX_COLUMNS]);
    const [first, second] = await readAll(table);
    await table.close();
    expect(first!.values.slice(0, COLUMNS.length)).toEqual([0.1 + 0.2, ...TRICKY]);
    expect(first!.values.slice(COLUMNS.length)).toEqual([
      'failed',
      '=evil.csv',
      '+sheet',
      '7',
      null,
      '-CODE',
      '=HYPERLINK("http://example.invalid","see")',
    ]);
    expect(second!.values[0]).toBe(-2.5);
  });

  test('xlsx without rows still has its header; inputs of different sheets give the sheet "rows to fix"', async () => {
    const file = join(dir, 'empty.xlsx');
    const out = await openFixFile(file, ['a', 'b'], '--errors', { sheets: ['one', 'two'] });
    await out.close();
    const table = await openXlsx(file);
    expect([table.header.sheet, table.header.names]).toEqual(['rows to fix', ['a', 'b', ...FIX_COLUMNS]]);
    expect(await readAll(table)).toEqual([]);
    await table.close();
  });
});
