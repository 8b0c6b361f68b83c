import { openTable } from '../../src/sources/open-table.js';
import type { CellDate, CellValue, SourceRow } from '../../src/sources/source-types.js';
import { fixture, readAll } from './read-all.js';

/*
 * Workbooks written by programs other than the ones the project writes with (exceljs, SheetJS): pandas
 * and openpyxl (absolute relationship targets, inline strings, numeric character references), and
 * LibreOffice Calc (both date systems, formula results of every type). See the section "Workbooks
 * written by other programs (`foreign/`)" of test/fixtures/sources/README.md for what each file holds;
 * scripts/make-foreign-fixtures.sh rebuilds them.
 */

const date = (iso: string): CellDate => ({ kind: 'date', iso });

/** The rows of one sheet read with its header on row 1. */
async function read(name: string, sheet?: string | number): Promise<SourceRow[]> {
  return readAll(await openTable(fixture(`foreign/${name}`), { ...(sheet === undefined ? {} : { sheet }), headerRow: 1 }));
}

/** Column B of every row, by the label in column A. */
function byLabel(rows: readonly SourceRow[]): Record<string, CellValue> {
  return Object.fromEntries(rows.map((row) => [String(row.values[0]), row.values[1] ?? null]));
}

describe('pandas DataFrame.to_excel (openpyxl engine): absolute part names, a sheet not named Sheet1', () => {
  const STEEL_NAMES = ['formula', 'c', 'mn', 'yield strength', 'tensile strength', 'elongation', 'specimens', 'tested', 'passed', 'note'];
  const STEEL_VALUES: CellValue[][] = [
    ['Fe-0.18C-0.01Mn', 0.18, 0.01, 1123.1, 1929.2, 8, 3, date('2024-03-15T13:45:00'), true, 'as rolled'],
    // pandas writes an empty cell as an empty inline string (`<c t="inlineStr"></c>`).
    ['Fe-0.02C-0.05Mn', 0.02, 0.05, 2411.5, 2473.5, 7, 2, date('2024-03-16T00:00:00'), false, null],
    ['Fe-0.01C-0.05Mn', 0.01, 0.05, 2487.3, 2514.9, null, 5, date('2024-01-02T08:30:00'), true, 'a&b <tempered>'],
  ];

  test.each(['steel', 1] as const)('sheet %p: text, floats, ints, date-times, booleans and empty cells', async (sheet) => {
    const table = await openTable(fixture('foreign/pandas-steel.xlsx'), { sheet, headerRow: 1 });
    expect(table.header).toEqual({
      file: fixture('foreign/pandas-steel.xlsx'),
      sheet: 'steel',
      row: 1,
      names: STEEL_NAMES,
      columns: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'],
    });
    const rows = await readAll(table);
    expect(rows.map((row) => row.rowNumber)).toEqual([2, 3, 4]);
    expect(rows.map((row) => row.values)).toEqual(STEEL_VALUES);
    expect(rows.map((row) => row.issues)).toEqual([[], [], []]);
    expect(rows.map((row) => row.percent)).toEqual([undefined, undefined, undefined]);
  });

  test.each(['notes', 2] as const)('the second sheet by %p', async (sheet) => {
    const rows = await read('pandas-steel.xlsx', sheet);
    expect(rows[0]?.header.sheet).toBe('notes');
    expect(rows[0]?.header.names).toEqual(['key', 'value']);
    expect(rows.map((row) => row.values)).toEqual([
      ['source', 'matminer steel_strength'],
      ['rows', 3],
    ]);
  });
});

describe('openpyxl inline strings: XML unescaped exactly once, `_xHHHH_` escapes, rich text, phonetic readings', () => {
  test('each cell reads as the text it shows', async () => {
    const rows = await read('openpyxl-inline-strings.xlsx');
    expect(rows[0]?.header.names).toEqual(['case', 'text', 'n']);
    expect(byLabel(rows)).toEqual({
      // The XML `&amp;lt;` is the cell text `&lt;` (four characters), not `<`.
      'lt-entity': '&lt;',
      'amp-entity': 'a&amp;b',
      // The XML `_x005F_x0041_` is the literal text `_x0041_` (an escaped underscore), not "A".
      'escape-literal': '_x0041_',
      angle: '<b>',
      ampersand: 'a&b',
      newline: 'line 1\nline 2',
      // Four inline runs (bold, subscript, plain with spaces, italic), joined in order.
      'rich-inline': 'Fe3C & <α>',
      // The phonetic guides (`<rPh>`: コウザイ, トウキョウ, ダイガク) are not part of the text.
      'phonetic-inline': '鋼材',
      'rich-shared-phonetic': '東京大学',
    });
    expect(rows.map((row) => row.values[2])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows.map((row) => row.issues)).toEqual(rows.map(() => []));
  });
});

describe('number formats with literal text are numbers; percent, duration and a negative date', () => {
  test('units in the format do not make a date', async () => {
    const rows = await read('number-formats.xlsx');
    expect(rows[0]?.header.names).toEqual(['case', 'value', 'format']);
    expect(rows.map((row) => row.values[2])).toEqual([
      '0.0\\ \\m\\m',
      '0.0\\s',
      '0\\ \\d',
      '0.00" MPa"',
      '0.0%',
      '[h]:mm:ss',
      'yyyy-mm-dd',
    ]);
    const values = byLabel(rows);
    expect(values['mm']).toBe(1.5);
    expect(values['s']).toBe(12.5);
    expect(values['d']).toBe(3);
    expect(values['mpa']).toBe(355.25);
  });

  test('a percent is the fraction, flagged; a duration is the text it shows', async () => {
    const rows = await read('number-formats.xlsx');
    const values = byLabel(rows);
    expect(values['percent']).toBe(0.075);
    expect(rows.map((row) => row.percent)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      [false, true, false],
      undefined,
      undefined,
    ]);
    // 1.5104166… days under [h]:mm:ss shows 36:15:00: hours past a day, not a date.
    expect(values['duration']).toBe('36:15:00');
  });

  test('a negative number under a date format is no date: SOURCE_BAD_DATE, the value empty', async () => {
    const rows = await read('number-formats.xlsx');
    const negative = rows.find((row) => row.values[0] === 'negative-date');
    expect(negative?.values).toEqual(['negative-date', null, 'yyyy-mm-dd']);
    expect(negative?.issues).toEqual([expect.objectContaining({ code: 'SOURCE_BAD_DATE', columnIndex: 1 })]);
    expect(rows.filter((row) => row !== negative).map((row) => row.issues)).toEqual([[], [], [], [], [], []]);
  });
});

describe('both date systems, as LibreOffice and openpyxl write them', () => {
  /** A time alone shows as 06:30; the day it is put on is the reader's choice, the time is not. */
  const TIME = expect.objectContaining({ kind: 'date', iso: expect.stringMatching(/T06:30:00$/) }) as CellDate;
  /** Rows 5–8 of the LibreOffice files: dates from 1904 on, a date-time and a time. */
  const MODERN = [date('1904-01-02'), date('2024-03-15'), date('2024-03-15T13:45:00'), TIME];

  test.each([['dates-1900.xlsx'], ['dates-1904.xlsx'], ['dates-1900.xls'], ['dates-1904.xls'], ['dates-1900.ods'], ['dates-1904.ods']])(
    '%s: dates, date-times and times read as shown',
    async (name) => {
      const rows = await read(name);
      expect(rows.map((row) => row.rowNumber)).toEqual([2, 3, 4, 5, 6, 7, 8]);
      expect(rows.slice(3).map((row) => row.values[1])).toEqual(MODERN);
      expect(rows.slice(3).map((row) => row.issues)).toEqual([[], [], [], []]);
    },
  );

  // dates-1904.xlsx says date1904="true" (LibreOffice), openpyxl-1904.xlsx date1904="1": both are the
  // 1904 system (the generator checks the first).
  test('openpyxl with the 1904 epoch (date1904="1")', async () => {
    const rows = await read('openpyxl-1904.xlsx');
    expect(rows.map((row) => row.values)).toEqual([
      ['date', date('1904-01-02')],
      ['date', date('2024-03-15')],
      ['date-time', date('2024-03-15T13:45:00')],
    ]);
  });

  // Before 1904: .ods stores ISO dates, which read as written. LibreOffice writes .xlsx/.xls serials
  // counted from its null date, and for the 1900 system it does not count Excel's fictitious
  // 1900-02-29: its serials 16 and 60 for 1900-01-15 and 1900-02-28 are what Excel shows as
  // 1900-01-16 and 1900-02-29, and the readers follow Excel (as test/sources/excel-serial-dates.test.ts).
  // In the 1904 system these dates are negative serials, which Excel cannot show: SOURCE_BAD_DATE.
  test.each([
    ['dates-1900.xlsx', [date('1900-01-16'), date('1900-02-29'), date('1900-03-01')]],
    ['dates-1900.xls', [date('1900-01-16'), date('1900-02-29'), date('1900-03-01')]],
    ['dates-1900.ods', [date('1900-01-15'), date('1900-02-28'), date('1900-03-01')]],
    ['dates-1904.ods', [date('1900-01-15'), date('1900-02-28'), date('1900-03-01')]],
  ] as const)('%s: dates before 1904 read as the file states them', async (name, shown) => {
    const rows = await read(name);
    expect(rows.slice(0, 3).map((row) => row.values[1])).toEqual(shown);
    expect(rows.slice(0, 3).map((row) => row.issues)).toEqual([[], [], []]);
  });

  test.each(['dates-1904.xlsx', 'dates-1904.xls'])('%s: a date before 1904 is a negative serial: SOURCE_BAD_DATE', async (name) => {
    const rows = await read(name);
    expect(rows.slice(0, 3).map((row) => row.values[1])).toEqual([null, null, null]);
    for (const row of rows.slice(0, 3)) expect(row.issues).toEqual([expect.objectContaining({ code: 'SOURCE_BAD_DATE', columnIndex: 1 })]);
  });
});

describe('formula results saved by LibreOffice keep their type', () => {
  test('number, text, booleans, a date, an error and an empty text', async () => {
    const rows = await read('formulas.xlsx');
    expect(rows[0]?.header.names).toEqual(['case', 'result']);
    expect(byLabel(rows)).toEqual({
      number: 42,
      text: 'a&b<c',
      // The result is the four characters `&lt;` (stored as `&amp;lt;`): unescaped once, not twice.
      'text-entity': '&lt;',
      // `=1=1` and `=1=2`: LibreOffice stores a number under its format "TRUE";"TRUE";"FALSE".
      true: true,
      false: false,
      // `=TRUE()` and `=FALSE()`: stored as booleans (t="b").
      'true-fn': true,
      'false-fn': false,
      date: date('2024-01-15'),
      error: null,
      'empty-text': null,
    });
    const issues = Object.fromEntries(rows.map((row) => [String(row.values[0]), row.issues]));
    expect(issues['error']).toEqual([expect.objectContaining({ code: 'SOURCE_ERROR_CELL', columnIndex: 1, found: '#DIV/0!' })]);
    expect(rows.filter((row) => row.values[0] !== 'error').map((row) => row.issues)).toEqual(rows.slice(1).map(() => []));
  });
});
