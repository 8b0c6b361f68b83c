import { indexRowStatuses, listedRowStatuses } from '../../../src/report/annotate/index-row-statuses.js';

describe('indexRowStatuses', () => {
  test('finds each row of each sheet, in any order given; a row given twice says the last', () => {
    const statuses = listedRowStatuses([
      { sheet: 'b', row: 9, text: 'b9' },
      { sheet: undefined, row: 7, text: 'first 7' },
      { sheet: 'b', row: 2, text: 'b2' },
      { sheet: undefined, row: 3, text: '3' },
      { sheet: undefined, row: 7, text: 'second 7' },
    ]);
    expect(statuses.sheets).toEqual(['b', undefined]);
    expect([2, 3, 7, 8, 9].map((row) => statuses.at(undefined, row))).toEqual([undefined, '3', 'second 7', undefined, undefined]);
    expect([1, 2, 9, 10].map((row) => statuses.at('b', row))).toEqual([undefined, 'b2', 'b9', undefined]);
    expect(statuses.at('c', 2)).toBeUndefined();
    expect([...statuses.entries(undefined)]).toEqual([
      [3, '3'],
      [7, 'first 7'],
      [7, 'second 7'],
    ]);
    expect([...statuses.entries('b')]).toEqual([
      [2, 'b2'],
      [9, 'b9'],
    ]);
  });

  test('makes a text only when its row is asked for', () => {
    const asked: number[] = [];
    const statuses = indexRowStatuses(
      [10, 11, 12],
      (row) => ({ sheet: undefined, row }),
      (row) => (asked.push(row), `row ${row}`),
    );
    expect(asked).toEqual([]);
    expect(statuses.at(undefined, 11)).toBe('row 11');
    expect(asked).toEqual([11]);
  });

  test('an empty list has no sheets and no statuses', () => {
    const statuses = listedRowStatuses([]);
    expect(statuses.sheets).toEqual([]);
    expect(statuses.at(undefined, 1)).toBeUndefined();
    expect([...statuses.entries(undefined)]).toEqual([]);
  });
});
