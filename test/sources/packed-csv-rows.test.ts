import { packCsvRows, unpackCsvRows, type CsvRow } from '../../src/sources/packed-csv-rows.js';

const row = (rowNumber: number, cells: string[]): CsvRow => ({ rowNumber, cells, issues: undefined });

describe('packed CSV rows (the worker thread hand-over)', () => {
  test('come back cell for cell after crossing a thread: empty cells, quotes, line breaks, CJK, surrogate pairs, ragged rows', () => {
    const rows = [
      row(2, ['1', '', 'GH4169', '"quoted", with comma', '']),
      row(3, ['多行\n文本', '屈服强度 (MPa)', '𝛼-Fe', '']),
      row(5, ['']),
      row(6, []),
      row(4_294_967_296, ['a long text that is cut out of its row, not copied', 'x']),
    ];
    const packed = packCsvRows(rows);
    expect(unpackCsvRows(structuredClone(packed))).toEqual(rows);
  });

  test('cut every row out of its own text (a kept cell does not keep the batch)', () => {
    const packed = packCsvRows([row(2, ['ab', 'c']), row(3, ['d', 'ef'])]);
    expect(packed.texts).toEqual(['abc', 'def']);
    expect([...packed.widths]).toEqual([2, 2]);
    expect([...packed.ends]).toEqual([2, 3, 1, 3]);
  });

  test('an empty batch stays empty', () => {
    expect(unpackCsvRows(structuredClone(packCsvRows([])))).toEqual([]);
  });
});
