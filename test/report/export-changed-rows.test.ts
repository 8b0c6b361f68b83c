import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { exportChangedRows } from '../../src/report/export-changed-rows.js';
import { foldReport } from '../../src/report/fold-report.js';
import { L, tempDir } from './report-fixtures.js';
import { readXlsxList } from '../helpers/read-xlsx-list.js';

describe('exportChangedRows', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
  });
  afterEach(() => cleanup());

  const state = () =>
    foldReport([
      L.run(),
      L.uploaded('d', 'h4', 14, 5),
      L.uploaded('=e', 'h8', 15, 6),
      L.uploaded('f', 'h9', 16, 7),
      L.changed('d', 'h5', 'h4', 14),
      L.changed('=e', 'h6', 'h8', 15),
      L.invalid('c', 'h3', 4),
    ]);

  test('CSV: each changed row with the id of the record it differs from and its cells; a formula-like text made inert', async () => {
    const out = join(dir, 'changed.csv');
    expect(await exportChangedRows(state(), out)).toEqual({ rows: 2 });
    const rows = parse<Record<string, string>>(await readFile(out, 'utf8'), { bom: true, columns: true });
    expect(rows.map((r) => [r['key'], r['differs from id'], r['hash'], r['uploaded hash'], r['id']])).toEqual([
      ['d', '14', 'h5', 'h4', 'd'],
      ["'=e", '15', 'h6', 'h8', "'=e"],
    ]);
  });

  test('xlsx by its extension; another extension is CHANGED_OUT_EXTENSION', async () => {
    const out = join(dir, 'changed.xlsx');
    expect(await exportChangedRows(state(), out)).toEqual({ rows: 2 });
    const list = await readXlsxList(out);
    expect(list.header).toEqual(['key', 'file', 'sheet', 'row', 'differs from id', 'hash', 'uploaded hash', 'id']);
    expect(list.rows.map((r) => [r[0], r[4]])).toEqual([
      ['d', 14],
      ['=e', 15],
    ]);
    await expect(exportChangedRows(state(), join(dir, 'changed.json'))).rejects.toMatchObject({
      code: 'CHANGED_OUT_EXTENSION',
      location: { field: '--changed-out' },
    });
  });
});
