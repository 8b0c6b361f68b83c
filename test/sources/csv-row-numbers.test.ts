import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openCsv } from '../../src/sources/open-csv.js';
import { tempDirSync } from '../helpers/temp-dir.js';
import { readAll } from './read-all.js';

/**
 * `rowNumber` of a CSV record, the physical line it starts on, through both readers (the scan and
 * csv-parse after it) and every line ending. Quoted CRs were once not counted, so in a CR-only file
 * every record after a multi-line field was numbered too low.
 */

let dir: string;
beforeAll(() => {
  dir = tempDirSync('mge-csv-row-numbers-');
});

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('row numbers count every quoted line break, whatever the line endings', () => {
  // `rowNumber` is the physical line a record starts on: a CR alone ends a line in a CR-only file (old
  // Mac) as an LF does in an LF file, and a CR LF is one line break.
  test.each([
    ['CR', '\r'],
    ['LF', '\n'],
    ['CR LF', '\r\n'],
  ])('%s: the record after a field quoted over two lines starts two lines on', async (name, eol) => {
    const text = ['a,b', `1,"x${eol}y"`, '2,z', ''].join(eol);
    const rows = await readAll(await openCsv(write(`rows-${name.replace(' ', '')}.csv`, text)));
    expect(rows.map((r) => [r.rowNumber, r.values])).toEqual([
      [2, ['1', `x${eol}y`]],
      [4, ['2', 'z']],
    ]);
  });

  test('CR-only, read by csv-parse after a record the scan leaves to it', async () => {
    // `"p"q` (a closing quote followed by text) is read by csv-parse, and so is everything after it.
    const text = 'a,b\r"p"q,r\r1,"x\ry\rw"\r2,z\r';
    const rows = await readAll(await openCsv(write('cr-csv-parse.csv', text)));
    expect(rows.map((r) => [r.rowNumber, r.values])).toEqual([
      [2, ['"p"q', 'r']],
      [3, ['1', 'x\ry\rw']],
      [6, ['2', 'z']],
    ]);
  });

  test('a quoted CR alone in an LF file is a line break too', async () => {
    const rows = await readAll(await openCsv(write('lone-cr.csv', 'a,b\n1,"x\ry"\n2,z\n')));
    expect(rows.map((r) => r.rowNumber)).toEqual([2, 4]);
  });
});
