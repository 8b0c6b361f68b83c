import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openCsv } from '../../src/sources/open-csv.js';
import { openTable } from '../../src/sources/open-table.js';
import { sniffDelimiter } from '../../src/sources/sniff-delimiter.js';
import { tempDirSync } from '../helpers/temp-dir.js';
import { readAll } from './read-all.js';

/**
 * The delimiter is guessed from the first 64 KiB of a file. A line break inside a quoted field does not
 * end a record, and the sample may end inside one: both once made a comma file with a `;` in such a
 * field read as a semicolon file, its header taken for a title and a data row for the header.
 */

const SAMPLE_BYTES = 64 * 1024;

let dir: string;
beforeAll(() => {
  dir = tempDirSync('mge-sniff-delimiter-');
});

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('sniffDelimiter', () => {
  test('splits records on quotes, not lines: a quoted line break with a `;` after it is one field', () => {
    expect(sniffDelimiter('a,b\n1,"x;y\nz"', ',', true)).toBe(',');
    expect(sniffDelimiter('a,b\n1,"x;y\nz"\n2,w\n')).toBe(',');
  });

  test('leaves out the last record of a sample cut inside a quoted field', () => {
    const cut = 'a,b\n1,"p;q\nr"\n2,"s;t\nu';
    expect(sniffDelimiter(cut, ',', false)).toBe(',');
    // The same text as a whole file ends in an unclosed quote: the records before it still count.
    expect(sniffDelimiter(cut, ',', true)).toBe(',');
  });

  test('a sample of one unended record is read as it is', () => {
    expect(sniffDelimiter('a;b;c', ',', false)).toBe(';');
    expect(sniffDelimiter('a\tb\tc\n', ',', false)).toBe('\t');
  });

  test('a quoted field that runs past the first 50 lines is one record', () => {
    const lines = Array.from({ length: 60 }, (_v, i) => `line ${i}`).join('\n');
    expect(sniffDelimiter(`a,b\n1,"p;q\n${lines}"\n2,z\n3,w\n`)).toBe(',');
  });
});

describe('openCsv guesses the delimiter from complete records', () => {
  test('a comma file without a final line break whose last field is quoted over two lines with a `;`', async () => {
    const table = await openCsv(write('smallest.csv', 'a,b\n1,"x;y\nz"'));
    expect(table.header.names).toEqual(['a', 'b']);
    expect(table.header.row).toBe(1);
    const rows = await readAll(table);
    expect(rows.map((r) => [r.rowNumber, r.values])).toEqual([[2, ['1', 'x;y\nz']]]);
  });

  test('a file over 64 KiB whose sample ends inside a quoted multi-line field holding a `;`', async () => {
    // Rows of about 4 KiB, every other one with a `;` on the first line of its two-line note: 16 rows
    // reach past the sample, so the boundary falls among the first 50 lines.
    const long = 'x'.repeat(4000);
    const rows: string[] = [];
    for (let i = 1; i <= 24; i++) rows.push(`${i},"note ${i}${i % 2 === 1 ? '; more' : ''}\n${long}",end ${i}\n`);
    const text = `id,note,end\n${rows.join('')}`;
    const head = text.slice(0, SAMPLE_BYTES);
    // The boundary is inside a quoted field (an odd number of quotes before it) on the field's second line.
    expect((head.match(/"/g) ?? []).length % 2).toBe(1);
    expect(head.slice(head.lastIndexOf('\n') + 1)).toMatch(/^x+$/);
    expect(Buffer.byteLength(text)).toBeGreaterThan(SAMPLE_BYTES);

    const table = await openTable(write('large.csv', text));
    expect(table.header.names).toEqual(['id', 'note', 'end']);
    const read = await readAll(table);
    expect(read).toHaveLength(24);
    expect(read[0]!.values).toEqual(['1', `note 1; more\n${long}`, 'end 1']);
    expect(read.map((r) => r.rowNumber)).toEqual(Array.from({ length: 24 }, (_v, i) => 2 + 2 * i));
  });
});
