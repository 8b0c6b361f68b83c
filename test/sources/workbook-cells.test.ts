import { openTable } from '../../src/sources/open-table.js';
import { cellText } from '../../src/sources/cell-text.js';
import { isPercentFormat } from '../../src/sources/is-percent-format.js';
import { fixture, readAll } from './read-all.js';

describe('workbook cell cases (cells.xlsx)', () => {
  test('a row whose only cells are errors is kept with its issues, not skipped as blank', async () => {
    const rows = await readAll(await openTable(fixture('cells.xlsx')));
    expect(rows.map((r) => r.rowNumber)).toEqual([2, 3, 4]);
    const errors = rows[1]!;
    expect(errors.values).toEqual([null, null, null, null]);
    expect(errors.issues.map((i) => [i.code, i.columnIndex, i.found])).toEqual([
      ['SOURCE_ERROR_CELL', 0, '#N/A'],
      ['SOURCE_ERROR_CELL', 2, '#REF!'],
    ]);
  });

  test('a formula whose cached result is an error is an error cell, with the error as found', async () => {
    const rows = await readAll(await openTable(fixture('cells.xlsx')));
    const first = rows[0]!;
    expect(first.values[2]).toBeNull();
    expect(first.issues.map((i) => [i.code, i.columnIndex, i.found])).toEqual([['SOURCE_ERROR_CELL', 2, '#DIV/0!']]);
    expect(first.issues[0]!.message).toContain('Sheet1!C2');
  });

  test('a number header reads as Excel shows it (15 significant digits), not with float noise', async () => {
    const table = await openTable(fixture('cells.xlsx'));
    expect(table.header.names).toEqual(['formula', 'share', 'ratio', '0.3']);
    await table.close();
    expect([cellText(0.1 + 0.2), cellText(1e21), cellText(123456789012345680), cellText(-0.000001234), cellText(300)]).toEqual([
      '0.3',
      '1e+21',
      '123456789012346000',
      '-0.000001234',
      '300',
    ]);
  });

  test('numbers with a percent format are flagged per row (xlsx); quoted or bracketed % is not one', async () => {
    const rows = await readAll(await openTable(fixture('cells.xlsx')));
    expect(rows[0]!.values[1]).toBe(0.075);
    expect(rows[0]!.percent).toEqual([false, true, false, false]);
    expect(rows[1]!.percent).toBeUndefined();
    expect(rows[2]!.percent).toEqual([false, false, false, true]);
  });

  test.each(['cells.xls', 'cells.ods'])('numbers with a percent format are flagged per row (%s)', async (name) => {
    const rows = await readAll(await openTable(fixture(name)));
    expect(rows[0]!.values[1]).toBe(0.075);
    expect(rows[0]!.percent).toEqual([false, true, false]);
    expect(rows[1]!.percent).toBeUndefined();
  });

  test('a CSV row never carries percent flags', async () => {
    const rows = await readAll(await openTable(fixture('steel-utf8.csv')));
    expect(rows.every((r) => !('percent' in r))).toBe(true);
  });

  test('isPercentFormat', () => {
    expect(['0%', '0.0%', '[Red]0.00%', '#,##0.0%;[Red]-0.0%'].map(isPercentFormat)).toEqual([true, true, true, true]);
    expect(['General', '"%"0', '0\\%', '0.00', '[$%-409]0', undefined].map(isPercentFormat)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
