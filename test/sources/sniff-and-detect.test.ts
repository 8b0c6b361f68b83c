import { sniffDelimiter } from '../../src/sources/sniff-delimiter.js';
import { detectEncoding } from '../../src/sources/detect-encoding.js';
import { isPlausibleGb18030 } from '../../src/sources/is-plausible-gb18030.js';
import { readFileSync } from 'node:fs';
import { fixture } from './read-all.js';
import { columnLetter } from '../../src/sources/column-letter.js';

describe('sniffDelimiter', () => {
  test('picks the most consistent delimiter despite quoted commas and Chinese text', () => {
    expect(sniffDelimiter('名称;说明;值\n"a,b";"x, y";1\nc;d;2\n')).toBe(';');
    expect(sniffDelimiter('a,b,c\n"1|2",3,4\n')).toBe(',');
    expect(sniffDelimiter('a\tb\n1\t2\n')).toBe('\t');
    expect(sniffDelimiter('a|b|c\n1|2|3\n')).toBe('|');
  });

  test('ignores one-cell title lines; falls back when nothing splits', () => {
    expect(sniffDelimiter('Title, with a comma\n\na;b;c\n1;2;3\n4;5;6\n')).toBe(';');
    expect(sniffDelimiter('single\ncolumn\n', '\t')).toBe('\t');
  });
});

describe('detectEncoding', () => {
  const bytes = (...b: number[]) => Uint8Array.from(b);
  test('BOMs, binary, UTF-8 and not-UTF-8', () => {
    expect(detectEncoding(bytes(0xef, 0xbb, 0xbf, 0x61), true)).toEqual({ kind: 'text', encoding: 'utf8', bom: 3 });
    expect(detectEncoding(bytes(0xff, 0xfe, 0x61, 0), true)).toEqual({ kind: 'text', encoding: 'utf16le', bom: 2 });
    expect(detectEncoding(bytes(0x61, 0, 0x62), true)).toEqual({ kind: 'binary' });
    expect(detectEncoding(Buffer.from('牌号,值\n'), true)).toEqual({ kind: 'text', encoding: 'utf8', bom: 0 });
    expect(detectEncoding(bytes(0xc5, 0xc6, 0xba, 0xc5), true)).toEqual({ kind: 'not-utf8', gb18030: true });
  });

  test('a UTF-8 character cut at the end of a partial sample is not held against it', () => {
    const cut = Buffer.from('ab牌').subarray(0, 4);
    expect(detectEncoding(cut, false)).toEqual({ kind: 'text', encoding: 'utf8', bom: 0 });
    expect(detectEncoding(cut, true)).toEqual({ kind: 'not-utf8', gb18030: false });
  });
});

describe('isPlausibleGb18030', () => {
  test('Chinese GBK text is plausible; Latin-1, Windows-1252 units and GB mixed with UTF-8 rows are not', () => {
    expect(isPlausibleGb18030(readFileSync(fixture('steel-gb18030.csv')))).toBe(true);
    expect(isPlausibleGb18030(readFileSync(fixture('latin1.csv')))).toBe(false);
    expect(isPlausibleGb18030(readFileSync(fixture('gb-then-utf8.csv')))).toBe(false);
    expect(isPlausibleGb18030(Buffer.from('name,note\nFe,café, 1\n', 'latin1'))).toBe(false);
    expect(isPlausibleGb18030(Buffer.from('size (µm),T (°C)\n1,2\n', 'latin1'))).toBe(false);
    expect(isPlausibleGb18030(Buffer.from('plain ascii\n'))).toBe(false);
  });
});

describe('columnLetter', () => {
  test('A, Z, AA, AZ, BA, XFD', () => {
    expect([0, 25, 26, 51, 52, 16383].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'XFD']);
  });
});
