import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openCsv } from '../../src/sources/open-csv.js';
import { openTable } from '../../src/sources/open-table.js';
import type { TableSource } from '../../src/sources/source-types.js';
import type { CsvThread } from '../../src/sources/threaded-csv-records.js';
import { fixture } from './read-all.js';
import { tempDirSync } from '../helpers/temp-dir.js';

// The worker thread runs a built module, so the worker case uses the built reader (npm test builds first).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
type OpenCsv = (file: string, options?: object, thread?: CsvThread) => Promise<TableSource>;
let dir: string;
let bigCsv: string;
let bigXlsx: string;

beforeAll(() => {
  dir = tempDirSync('mge-read-fraction-');
  bigCsv = path.join(dir, 'big.csv');
  // Title and blank rows above the header, blank rows inside: progress is bytes, whatever the layout.
  const lines = Array.from({ length: 20_000 }, (_v, i) => (i % 1000 === 999 ? '' : `${i},alloy ${i},${(i * 1.25).toFixed(2)}`));
  writeFileSync(bigCsv, `Steel strength export\n\nid,name,value\n${lines.join('\n')}\n`);
  bigXlsx = path.join(dir, 'big.xlsx');
  // Written by exceljs in its own process: rows made in jest's module realm reach its writer empty.
  const write = `const ExcelJS = require('exceljs');
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: process.argv[1], useSharedStrings: true, useStyles: false });
    const sheet = book.addWorksheet('data');
    sheet.addRow(['id', 'name', 'value']).commit();
    for (let i = 0; i < 20000; i++) sheet.addRow([i, 'alloy ' + i, i * 1.25]).commit();
    sheet.commit();
    book.commit();`;
  execFileSync(process.execPath, ['-e', write, bigXlsx], { cwd: root });
});

/** The table's read fraction after each row, and after the last. */
async function fractions(table: TableSource): Promise<{ during: number[]; end: number; rows: number }> {
  const during: number[] = [];
  let rows = 0;
  for await (const _row of table.rows()) {
    rows++;
    during.push(table.readFraction!());
  }
  return { during, end: table.readFraction!(), rows };
}

function expectGrowing(seen: { during: number[]; end: number }): void {
  const drops = seen.during.filter((f, i) => i > 0 && f < seen.during[i - 1]!);
  expect(drops).toEqual([]);
  // Bytes read grow while rows are handed out: the first row is read well before the end of the file.
  expect(seen.during[0]!).toBeGreaterThanOrEqual(0);
  expect(seen.during[0]!).toBeLessThan(0.5);
  expect(new Set(seen.during).size).toBeGreaterThan(2);
  expect(seen.end).toBe(1);
}

describe('TableSource.readFraction', () => {
  test('CSV on the main thread: grows with the bytes read and ends at 1', async () => {
    const seen = await fractions(await openCsv(bigCsv, {}, 'main'));
    expect(seen.rows).toBe(19_980);
    expectGrowing(seen);
  });

  test('CSV on a worker thread: the batches carry the position, the same growth and end', async () => {
    const { openCsv: builtOpenCsv } = (await import(pathToFileURL(path.join(root, 'dist/sources/open-csv.js')).href)) as {
      openCsv: OpenCsv;
    };
    const seen = await fractions(await builtOpenCsv(bigCsv, {}, 'worker'));
    expect(seen.rows).toBe(19_980);
    expectGrowing(seen);
  });

  test('xlsx: grows with the sheet XML parsed (not the zip bytes, read whole first) and ends at 1', async () => {
    const seen = await fractions(await openTable(bigXlsx));
    expect(seen.rows).toBe(20_000);
    expectGrowing(seen);
  });

  test('a small CSV, xlsx, xls and ods each end at 1', async () => {
    const tables = [
      ['steel-utf8.csv', {}],
      ['steel-simple.xlsx', {}],
      ['steel.xls', { sheet: 2, headerRows: 2 }],
      ['steel.ods', { sheet: 2, headerRows: 2 }],
    ] as const;
    for (const [name, options] of tables) {
      const seen = await fractions(await openTable(fixture(name), options));
      expect(seen.rows).toBeGreaterThan(0);
      expect(seen.during.filter((f) => f < 0 || f > 1)).toEqual([]);
      expect(seen.end).toBe(1);
    }
  });

  test('a table closed early keeps where it was, short of 1', async () => {
    const table = await openCsv(bigCsv, {}, 'main');
    for await (const row of table.rows()) if (row.rowNumber === 10) break;
    expect(table.readFraction!()).toBeLessThan(1);
  });
});
