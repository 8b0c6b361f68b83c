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
    expect(['=1', '+1', '-1', '@x', '\t=1', '\r=1', '1-2', 'a=b', ''].map(neutralizeFormula)).toEqual([
      "'=1",
      "'+1",
      "'-1",
      "'@x",
      "'\t=1",
      "'\r=1",
      '1-2',
      'a=b',
      '',
    ]);
  });
});
