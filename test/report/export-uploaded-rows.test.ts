import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { isMgeError } from '../../src/errors/mge-error.js';
import { exportUploadedRows } from '../../src/report/export-uploaded-rows.js';
import { foldReport } from '../../src/report/fold-report.js';
import { L, tempDir } from './report-fixtures.js';
import { readXlsxList } from '../helpers/read-xlsx-list.js';

describe('exportUploadedRows', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
  });
  afterEach(() => cleanup());

  test('every row whose latest status is uploaded, in file and row order, with its platform id', async () => {
    const state = foldReport([L.run(), L.uploaded('b, "2"', 'h2', 12, 9), L.uploaded('a', 'h1', 11, 3), L.invalid('c', 'h3', 4), L.uploaded('d', 'h4', 14, 5), L.changed('d', 'h5', 'h4', 14)]);
    const out = join(dir, 'uploaded.csv');
    expect(await exportUploadedRows(state, out)).toEqual({ rows: 2 });
    const text = await readFile(out, 'utf8');
    expect(text.startsWith('\uFEFFkey,file,sheet,row,id,hash\r\n')).toBe(true);
    expect(parse(text, { bom: true, columns: true })).toEqual([
      { key: 'a', file: 'data.csv', sheet: '', row: '3', id: '11', hash: 'h1' },
      { key: 'b, "2"', file: 'data.csv', sheet: '', row: '9', id: '12', hash: 'h2' },
    ]);
  });

  test('a file not named .csv or .xlsx is UPLOADED_OUT_EXTENSION; an unwritable one UPLOADED_OUT_UNWRITABLE', async () => {
    const state = foldReport([L.run(), L.uploaded('a', 'h1', 11)]);
    const wrong: unknown = await exportUploadedRows(state, join(dir, 'ids.txt')).catch((e: unknown) => e);
    expect(isMgeError(wrong, 'usage')).toBe(true);
    expect(wrong).toMatchObject({ code: 'UPLOADED_OUT_EXTENSION', location: { field: '--uploaded-out' } });
    const missing: unknown = await exportUploadedRows(state, join(dir, 'no', 'ids.csv')).catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: 'UPLOADED_OUT_UNWRITABLE', location: { field: '--uploaded-out', file: join(dir, 'no', 'ids.csv') } });
  });

  test('.xlsx by its extension: one sheet, the ids as numbers, a key that looks like a formula kept as text', async () => {
    const state = foldReport([L.run(), L.uploaded('=1+1', 'h1', 11, 3), L.uploaded('b', 'h2', 12, 4)]);
    const out = join(dir, 'uploaded.xlsx');
    expect(await exportUploadedRows(state, out)).toEqual({ rows: 2 });
    const table = await readXlsxList(out);
    expect(table.header).toEqual(['key', 'file', 'sheet', 'row', 'id', 'hash']);
    expect(table.rows).toEqual([
      ['=1+1', 'data.csv', null, 3, 11, 'h1'],
      ['b', 'data.csv', null, 4, 12, 'h2'],
    ]);
  });
});
