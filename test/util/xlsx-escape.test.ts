import { decodeXlsxText, encodeXlsxText } from '../../src/util/xlsx-escape.js';
import { neutralizeFormula } from '../../src/report/neutralize-formula.js';

describe('xlsx text escapes', () => {
  test('control characters and CR are escaped, a literal escape keeps its meaning, decoding undoes it', () => {
    expect(encodeXlsxText('a\rb\u0001\tc\n')).toBe('a_x000D_b_x0001_\tc\n');
    expect(encodeXlsxText('_x0041_x0042_ _xZZZZ_')).toBe('_x005F_x0041_x005F_x0042_ _xZZZZ_');
    for (const text of ['a\rb\u0001\u007f', '_x0041_x0042_', '_x00af_', 'plain 牌号', '__x0041__'])
      expect(decodeXlsxText(encodeXlsxText(text))).toBe(text);
    // What Excel itself writes for a carriage return.
    expect(decodeXlsxText('line_x000D_\nnext')).toBe('line\r\nnext');
  });

  test('neutralizeFormula: only text that starts like a formula gets the leading quote', () => {
    expect(
      ['=1', '+a', '-A1', '@x', '\t=1', '\r=1', '-1-1', '=HYPERLINK("http://x","y")', '1-2', 'a=b', ''].map(neutralizeFormula),
    ).toEqual(["'=1", "'+a", "'-A1", "'@x", "'\t=1", "'\r=1", "'-1-1", '\'=HYPERLINK("http://x","y")', '1-2', 'a=b', '']);
  });

  test('neutralizeFormula: a number is never altered, whatever its sign', () => {
    const numbers = ['-0.88', '-5%', '+1', '-1', '-1,234.5', '-1e-3', '+2.5E+4', '-.5', '-5.', '-0'];
    expect(numbers.map(neutralizeFormula)).toEqual(numbers);
    // Signs and digits that make no number are text a spreadsheet could evaluate.
    expect(['-', '-.', '-1,23', '-1e', '-5%%', '- 1', '-0x1F'].map(neutralizeFormula)).toEqual([
      "'-",
      "'-.",
      "'-1,23",
      "'-1e",
      "'-5%%",
      "'- 1",
      "'-0x1F",
    ]);
  });
});
