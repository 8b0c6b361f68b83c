import { openTable } from '../../src/sources/open-table.js';
import { openRawSheet } from '../../src/sources/open-raw-sheet.js';
import type { CellValue, SourceRow } from '../../src/sources/source-types.js';
import { fixture, readAll } from './read-all.js';

/*
 * Cell cases saved by LibreOffice Calc from hand-written flat ODS (ods-cells/cells.fods, and
 * cells-1904.fods whose dates count from 1904-01-01), as .ods and as .xls: scripts/make-ods-fixtures.sh.
 * Column A names the case, column B holds the cell.
 */

async function cells(name: string): Promise<Map<string, SourceRow>> {
  const rows = await readAll(await openTable(fixture(`ods-cells/${name}`), { headerRow: 1 }));
  return new Map(rows.map((row) => [String(row.values[0]), row]));
}

function valueOf(rows: Map<string, SourceRow>, name: string): CellValue {
  const row = rows.get(name);
  if (!row) throw new Error(`no case "${name}"`);
  return row.values[1]!;
}

const date = (iso: string): CellValue => ({ kind: 'date', iso });

describe.each(['cells.ods', 'cells-1904.ods'])('.ods cells read as LibreOffice shows them (%s)', (name) => {
  test('booleans are true and false, a formula result too', async () => {
    const rows = await cells(name);
    expect(['true', 'false', 'formula true'].map((n) => valueOf(rows, n))).toEqual([true, false, true]);
  });

  test('dates are the dates written, before and after 1900-03-01, in either date system', async () => {
    const rows = await cells(name);
    const days = ['1899-12-29', '1899-12-31', '1900-01-01', '1900-02-28', '1900-03-01', '2024-03-01'];
    expect(days.map((n) => valueOf(rows, n))).toEqual(days.map(date));
    expect(valueOf(rows, '1900-01-15 06:00')).toEqual(date('1900-01-15T06:00:00'));
  });

  test('a time alone is a time of day; a duration reads as the text it shows', async () => {
    const rows = await cells(name);
    expect(valueOf(rows, 'time 12:30')).toEqual(date(name === 'cells.ods' ? '1899-12-30T12:30:00' : '1904-01-01T12:30:00'));
    expect(valueOf(rows, 'duration 36:15:00')).toBe('36:15:00');
  });

  test('text is as written: _x0041_ is no escape in ODF, a no-break or ideographic space is kept', async () => {
    const rows = await cells(name);
    expect(valueOf(rows, 'escape')).toBe('_x0041_');
    expect(valueOf(rows, 'no-break space')).toBe('\u00a0');
    expect(valueOf(rows, 'ideographic space')).toBe('\u30005\u3000');
  });
});

test('.ods from other writers: a number under a boolean style reads as the boolean it shows, a plain 1 stays 1', async () => {
  // boolean-style.ods is zipped by hand (scripts/make-ods-boolean-style.py): LibreOffice rewrites such cells when it saves.
  const rows = await cells('boolean-style.ods');
  expect(['number-true', 'number-false', 'boolean-true', 'plain-one'].map((n) => valueOf(rows, n))).toEqual([true, false, true, 1]);
});

describe('.xls cells saved by LibreOffice', () => {
  test('booleans, text as written, a duration as the text it shows', async () => {
    for (const name of ['cells.xls', 'cells-1904.xls']) {
      const rows = await cells(name);
      expect(['true', 'false', 'formula true'].map((n) => valueOf(rows, n))).toEqual([true, false, true]);
      expect(['escape', 'no-break space', 'duration 36:15:00'].map((n) => valueOf(rows, n))).toEqual(['_x0041_', '\u00a0', '36:15:00']);
    }
  });

  test('serials are dated as Excel shows them: LibreOffice writes 1900-01-01 as 2, which Excel shows as 1900-01-02', async () => {
    const rows = await cells('cells.xls');
    const shown = {
      '1899-12-31': '1900-01-01',
      '1900-01-01': '1900-01-02',
      '1900-02-28': '1900-02-29',
      '1900-03-01': '1900-03-01',
      '2024-03-01': '2024-03-01',
    };
    for (const [n, iso] of Object.entries(shown)) expect([n, valueOf(rows, n)]).toEqual([n, date(iso)]);
    expect(valueOf(rows, '1900-01-15 06:00')).toEqual(date('1900-01-16T06:00:00'));
    expect(valueOf(rows, 'time 12:30')).toEqual(date('1899-12-30T12:30:00'));
  });

  test('a negative serial under a date format is SOURCE_BAD_DATE, in either date system', async () => {
    const plain = await cells('cells.xls');
    const early = plain.get('1899-12-29')!;
    expect(early.values[1]).toBeNull();
    expect(early.issues.map((i) => [i.code, i.columnIndex, i.found])).toEqual([['SOURCE_BAD_DATE', 1, '-1']]);
    const rows = await cells('cells-1904.xls');
    for (const n of ['1899-12-31', '1900-01-01', '1900-03-01']) expect(rows.get(n)!.issues.map((i) => i.code)).toEqual(['SOURCE_BAD_DATE']);
    expect(valueOf(rows, '2024-03-01')).toEqual(date('2024-03-01'));
  });
});

describe('openRawSheet', () => {
  test('gives the rows before any header step, and the sheet names', async () => {
    const sheet = await openRawSheet(fixture('ods-cells/cells.ods'), 'cells');
    expect([sheet.name, sheet.sheetNames]).toEqual(['cells', ['cells']]);
    const batches: CellValue[][] = [];
    for await (const batch of sheet.rows()) for (const row of batch) batches.push(row.cells);
    await sheet.close();
    expect(batches[0]).toEqual(['case', 'value']);
    expect(batches.length).toBe(16);
  });

  test('a sheet that is not there names the sheets there are', async () => {
    await expect(openRawSheet(fixture('ods-cells/cells.xls'), 2)).rejects.toMatchObject({ code: 'SOURCE_SHEET_NOT_FOUND' });
    await expect(openRawSheet(fixture('steel-utf8.csv'), 1)).rejects.toMatchObject({ code: 'SOURCE_UNSUPPORTED' });
  });
});
