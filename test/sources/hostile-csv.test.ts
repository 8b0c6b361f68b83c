import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_CSV_RECORD_BYTES } from '../../src/sources/csv-parse-step.js';
import { openTable } from '../../src/sources/open-table.js';
import { readAll, sourceFailure } from './read-all.js';
import { tempDirSync } from '../helpers/temp-dir.js';

/**
 * CSV files whose first record never ends: an unclosed quote, or no line break at all. The parser
 * holds a record whole until it ends, so without a bound the whole file (and, for one-character
 * fields, tens of times its size) would be held. (The CLI on such files, end to end, is in the
 * hostile-input corpus, test/hostile.)
 */
let dir: string;
beforeAll(() => {
  dir = tempDirSync('mge-hostile-csv-');
});

/** The steel sample's header (what its mapping names), then `body`. */
const HEADER = `${readFileSync('samples/steel_strength.csv', 'utf8').split('\n')[0]}\n`;

function write(name: string, body: Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, Buffer.concat([Buffer.from(HEADER), body]));
  return file;
}

test('a record past the limit is SOURCE_TOO_LARGE at the line it starts on; one just under it is read', async () => {
  const open = write('open-quote.csv', Buffer.concat([Buffer.from('1,"'), Buffer.alloc(MAX_CSV_RECORD_BYTES + 1024, 'a')]));
  const error = await sourceFailure(openTable(open).then(readAll));
  expect([error.code, error.location]).toEqual(['SOURCE_TOO_LARGE', { file: open, row: 2 }]);
  const long = write(
    'long-cell.csv',
    Buffer.concat([Buffer.from('1,"'), Buffer.alloc(MAX_CSV_RECORD_BYTES - 1024, 'a'), Buffer.from('",0.1\n')]),
  );
  const rows = await readAll(await openTable(long));
  expect(rows.map((r) => [r.values[0], (r.values[1] as string).length, r.values[2]])).toEqual([['1', MAX_CSV_RECORD_BYTES - 1024, '0.1']]);
});

test('a line of bare delimiters past the limit is SOURCE_TOO_LARGE too, though csv-parse leaves delimiters out of its own count', async () => {
  const commas = write('commas.csv', Buffer.alloc(MAX_CSV_RECORD_BYTES + 64 * 1024, ','));
  const error = await sourceFailure(openTable(commas).then(readAll));
  expect([error.code, error.location]).toEqual(['SOURCE_TOO_LARGE', { file: commas, row: 2 }]);
  // The same line after an odd record and thousands of rows read by csv-parse (its count of the
  // bytes of records it has passed once made the bound go quiet there).
  const rows = Array.from({ length: 5000 }, (_v, i) => `${i},a${i},0.1`).join('\n');
  const late = write(
    'late-commas.csv',
    Buffer.concat([Buffer.from(`1,"odd" quote,0.1\n${rows}\n`), Buffer.alloc(MAX_CSV_RECORD_BYTES + 64 * 1024, ','), Buffer.from('\n')]),
  );
  const lateError = await sourceFailure(openTable(late).then(readAll));
  expect([lateError.code, lateError.location]).toEqual(['SOURCE_TOO_LARGE', { file: late, row: 5003 }]);
});
