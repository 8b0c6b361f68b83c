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

  test('every row whose latest status is uploaded, in file and row order, with its platform id and the time of its upload', async () => {
    const state = foldReport([
      L.run(),
      L.uploaded('b, "2"', 'h2', 12, 9, '2026-11-23T07:00:02.250Z'),
      L.uploaded('a', 'h1', 11, 3, '2026-11-23T07:00:01.125Z'),
      L.invalid('c', 'h3', 4),
      L.uploaded('d', 'h4', 14, 5, '2026-11-23T07:00:03.000Z'),
      L.changed('d', 'h5', 'h4', 14),
    ]);
    const out = join(dir, 'uploaded.csv');
    expect(await exportUploadedRows(state, out)).toEqual({ rows: 2 });
    const text = await readFile(out, 'utf8');
    expect(text.startsWith('\uFEFFkey,file,sheet,row,id,hash,uploadedAt\r\n')).toBe(true);
    expect(parse(text, { bom: true, columns: true })).toEqual([
      { key: 'a', file: 'data.csv', sheet: '', row: '3', id: '11', hash: 'h1', uploadedAt: '2026-11-23T07:00:01.125Z' },
      { key: 'b, "2"', file: 'data.csv', sheet: '', row: '9', id: '12', hash: 'h2', uploadedAt: '2026-11-23T07:00:02.250Z' },
    ]);
  });

  test('the time is that of the upload the id comes from: a later skip keeps it, a new upload of the key replaces it', async () => {
    const state = foldReport([
      L.run('r1'),
      L.uploaded('a', 'h1', 11, 2, '2026-11-23T07:00:01.000Z'),
      L.uploaded('b', 'h2', 12, 3, '2026-11-23T07:00:02.000Z'),
      L.run('r2'),
      L.skipped('a', 'h1', 'uploaded'),
      // b's content changed and was uploaded as a new record (--on-change upload).
      L.uploaded('b', 'h3', 13, 3, '2026-11-24T09:30:00.000Z'),
    ]);
    const out = join(dir, 'uploaded.csv');
    await exportUploadedRows(state, out);
    const rows = parse<Record<string, string>>(await readFile(out, 'utf8'), { bom: true, columns: true });
    expect(rows.map((r) => [r['key'], r['id'], r['uploadedAt']])).toEqual([
      ['a', '11', '2026-11-23T07:00:01.000Z'],
      ['b', '13', '2026-11-24T09:30:00.000Z'],
    ]);
  });

  test('a file not named .csv or .xlsx is UPLOADED_OUT_EXTENSION; an unwritable one UPLOADED_OUT_UNWRITABLE', async () => {
    const state = foldReport([L.run(), L.uploaded('a', 'h1', 11)]);
    const wrong: unknown = await exportUploadedRows(state, join(dir, 'ids.txt')).catch((e: unknown) => e);
    expect(isMgeError(wrong, 'usage')).toBe(true);
    expect(wrong).toMatchObject({ code: 'UPLOADED_OUT_EXTENSION', location: { field: '--uploaded-out' } });
    const missing: unknown = await exportUploadedRows(state, join(dir, 'no', 'ids.csv')).catch((e: unknown) => e);
    expect(missing).toMatchObject({
      code: 'UPLOADED_OUT_UNWRITABLE',
      location: { field: '--uploaded-out', file: join(dir, 'no', 'ids.csv') },
    });
  });

  test('.xlsx by its extension: one sheet, the ids as numbers, a key that looks like a formula kept as text', async () => {
    const state = foldReport([
      L.run(),
      L.uploaded('=1+1', 'h1', 11, 3, '2026-11-23T07:00:01.000Z'),
      L.uploaded('b', 'h2', 12, 4, '2026-11-23T07:00:02.000Z'),
    ]);
    const out = join(dir, 'uploaded.xlsx');
    expect(await exportUploadedRows(state, out)).toEqual({ rows: 2 });
    const table = await readXlsxList(out);
    expect(table.header).toEqual(['key', 'file', 'sheet', 'row', 'id', 'hash', 'uploadedAt']);
    // The time is text, as in the CSV: a spreadsheet date would lose its time zone.
    expect(table.rows).toEqual([
      ['=1+1', 'data.csv', null, 3, 11, 'h1', '2026-11-23T07:00:01.000Z'],
      ['b', 'data.csv', null, 4, 12, 'h2', '2026-11-23T07:00:02.000Z'],
    ]);
  });
});
