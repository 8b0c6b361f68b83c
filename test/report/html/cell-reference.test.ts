import { cellReference, quoteSheet, referencePrefix } from '../../../src/report/html/cell-reference.js';

describe('cell references', () => {
  test('a CSV cell is file!A1; a whole row is file!N:N', () => {
    expect(cellReference('steel.csv', undefined, 'D17', 17)).toBe('steel.csv!D17');
    expect(cellReference('steel.csv', undefined, undefined, 17)).toBe('steel.csv!17:17');
  });

  test('a workbook cell names its sheet, quoted as a formula would when it is more than a word', () => {
    expect(cellReference('results.xlsx', 'Sheet1', 'B7', 7)).toBe('results.xlsx!Sheet1!B7');
    expect(cellReference('results.xlsx', '钢材', 'B7', 7)).toBe('results.xlsx!钢材!B7');
    expect(cellReference('results.xlsx', 'Tensile tests', 'B7', 7)).toBe("results.xlsx!'Tensile tests'!B7");
    expect(referencePrefix('r.xlsx', "O'Brien")).toBe("r.xlsx!'O''Brien'!");
  });

  test('sheet names that start with a digit or hold punctuation are quoted', () => {
    expect(quoteSheet('2024')).toBe("'2024'");
    expect(quoteSheet('a-b')).toBe("'a-b'");
    expect(quoteSheet('data_2024.v1')).toBe('data_2024.v1');
  });
});
