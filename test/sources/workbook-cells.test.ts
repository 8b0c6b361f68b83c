import { openTable } from '../../src/sources/open-table.js';
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
});
