import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { isMgeError } from '../../src/errors/mge-error.js';
import { exportUploadedRows } from '../../src/report/export-uploaded-rows.js';
import { foldReport } from '../../src/report/fold-report.js';
import type { RunLine } from '../../src/report/report-lines.js';
import { L, tempDir } from './report-fixtures.js';
import { readXlsxList } from '../helpers/read-xlsx-list.js';

describe('exportUploadedRows', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
  });
  afterEach(() => cleanup());
  const inputs = { resolve: (f: string) => join(dir, f) };

  test('every uploaded row as the input holds it, then its platform id, its key as text and the time of its upload', async () => {
    const csv = ['name,n', 'x,1', 'a,2', 'y,3', 'q,4', 'y,5', 'y,6', 'y,7', '"b, ""2""",3.5', ''].join('\r\n');
    await writeFile(join(dir, 'data.csv'), csv);
    const sha256 = createHash('sha256').update(csv).digest('hex');
    const state = foldReport([
      { ...(L.run() as RunLine), inputs: [{ file: 'data.csv', size: Buffer.byteLength(csv), sha256 }] },
      L.uploaded('["b, \\"2\\""]', 'h2', 12, 9, '2026-11-23T07:00:02.250Z'),
      L.uploaded('["a"]', 'h1', 11, 3, '2026-11-23T07:00:01.125Z'),
      L.invalid('["c"]', 'h3', 4),
      L.uploaded('["d"]', 'h4', 14, 5, '2026-11-23T07:00:03.000Z'),
      L.changed('["d"]', 'h5', 'h4', 14),
      // Row 5 holds q now, not z: its cells are not z's.
      L.uploaded('["z"]', 'h6', 15, 5, '2026-11-23T07:00:04.000Z'),
    ]);
    const out = join(dir, 'uploaded.csv');
    expect(await exportUploadedRows(state, out, { resolve: (f) => join(dir, f) })).toEqual({ rows: 3 });
    const text = await readFile(out, 'utf8');
    expect(text.startsWith('\uFEFFname,n,platform id,key,uploaded at,file,sheet,row,note\r\n')).toBe(true);
    expect(parse(text, { bom: true })).toEqual([
      ['name', 'n', 'platform id', 'key', 'uploaded at', 'file', 'sheet', 'row', 'note'],
      ['a', '2', '11', 'a', '2026-11-23T07:00:01.125Z', 'data.csv', '', '3', ''],
      [
        '',
        '',
        '15',
        'z',
        '2026-11-23T07:00:04.000Z',
        'data.csv',
        '',
        '5',
        'row 5 no longer holds this key: the input was changed since the upload',
      ],
      ['b, "2"', '3.5', '12', 'b, "2"', '2026-11-23T07:00:02.250Z', 'data.csv', '', '9', ''],
    ]);

    // The input edited since the report's last run read it: no cells are vouched for, nor its columns.
    await writeFile(join(dir, 'data.csv'), csv.replace('a,2', 'a,20'));
    await exportUploadedRows(state, out, { resolve: (f) => join(dir, f) });
    const edited: string[][] = parse(await readFile(out, 'utf8'), { bom: true });
    const note = "the input data.csv was changed since the report's last run read it (its sha256 differs): its cells are not shown";
    expect(edited.map((r) => [r[0], r[1], r[6]])).toEqual([
      ['platform id', 'key', 'note'],
      ['11', 'a', note],
      ['15', 'z', note],
      ['12', 'b, "2"', note],
    ]);
  });

  test('a key of several columns is a column each', async () => {
    const state = foldReport([L.run(), L.uploaded('["GH4169","650"]', 'h1', 11, 3, '2026-11-23T07:00:01.000Z')]);
    const out = join(dir, 'uploaded.csv');
    await exportUploadedRows(state, out, { resolve: (f) => join(dir, f) });
    expect(parse(await readFile(out, 'utf8'), { bom: true })).toEqual([
      ['platform id', 'key 1', 'key 2', 'uploaded at', 'file', 'sheet', 'row', 'note'],
      [
        '11',
        'GH4169',
        '650',
        '2026-11-23T07:00:01.000Z',
        'data.csv',
        '',
        '3',
        'the input data.csv is not there now: its cells cannot be shown',
      ],
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
    await exportUploadedRows(state, out, inputs);
    const rows = parse<Record<string, string>>(await readFile(out, 'utf8'), { bom: true, columns: true });
    expect(rows.map((r) => [r['key'], r['platform id'], r['uploaded at']])).toEqual([
      ['a', '11', '2026-11-23T07:00:01.000Z'],
      ['b', '13', '2026-11-24T09:30:00.000Z'],
    ]);
  });

  test('a file not named .csv or .xlsx is UPLOADED_OUT_EXTENSION; an unwritable one UPLOADED_OUT_UNWRITABLE', async () => {
    const state = foldReport([L.run(), L.uploaded('a', 'h1', 11)]);
    const wrong: unknown = await exportUploadedRows(state, join(dir, 'ids.txt'), inputs).catch((e: unknown) => e);
    expect(isMgeError(wrong, 'usage')).toBe(true);
    expect(wrong).toMatchObject({ code: 'UPLOADED_OUT_EXTENSION', location: { field: '--uploaded-out' } });
    const missing: unknown = await exportUploadedRows(state, join(dir, 'no', 'ids.csv'), inputs).catch((e: unknown) => e);
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
    expect(await exportUploadedRows(state, out, inputs)).toEqual({ rows: 2 });
    const table = await readXlsxList(out);
    expect(table.header).toEqual(['platform id', 'key', 'uploaded at', 'file', 'sheet', 'row', 'note']);
    // The time is text, as in the CSV: a spreadsheet date would lose its time zone.
    const gone = 'the input data.csv is not there now: its cells cannot be shown';
    expect(table.rows).toEqual([
      [11, '=1+1', '2026-11-23T07:00:01.000Z', 'data.csv', null, 3, gone],
      [12, 'b', '2026-11-23T07:00:02.000Z', 'data.csv', null, 4, gone],
    ]);
  });
});
