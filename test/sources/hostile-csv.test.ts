import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAX_CSV_RECORD_BYTES } from '../../src/sources/csv-records.js';
import { openTable } from '../../src/sources/open-table.js';
import { expectBoundedError, fileDigest, runMeasuredCli } from '../helpers/run-measured-cli.js';
import { readAll, sourceFailure } from './read-all.js';

/**
 * CSV files whose first record never ends: an unclosed quote, or no line break at all. The parser
 * holds a record whole until it ends, so without a bound the whole file (and, for one-character
 * fields, tens of times its size) would be held.
 */
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mge-hostile-csv-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
  const long = write('long-cell.csv', Buffer.concat([Buffer.from('1,"'), Buffer.alloc(MAX_CSV_RECORD_BYTES - 1024, 'a'), Buffer.from('",0.1\n')]));
  const rows = await readAll(await openTable(long));
  expect(rows.map((r) => [r.values[0], (r.values[1] as string).length, r.values[2]])).toEqual([['1', MAX_CSV_RECORD_BYTES - 1024, '0.1']]);
});

test.each([
  ['an unclosed quote on line 2 of 1 GiB', () => {
    // Sparse after its first MiB: the rest reads as NUL characters, inside the quoted field.
    const file = write('cli-open-quote.csv', Buffer.concat([Buffer.from('1,"'), Buffer.alloc(1024 * 1024, 'a')]));
    truncateSync(file, 1024 ** 3);
    return file;
  }],
  ['48 MiB of one-character fields and no line break', () => write('cli-no-break.csv', Buffer.alloc(48 * 1024 * 1024, 'a,'))],
])('validate on %s: exit 2 in seconds and little memory, the file unchanged', async (_what, make) => {
  const file = make();
  const digest = fileDigest(file);
  const run = await runMeasuredCli(['validate', '--template-file', 'samples/templates.json', '--no-template-cache', '--mapping', 'mappings/steel_strength.yaml', file]);
  expectBoundedError(run, 'SOURCE_TOO_LARGE', 2);
  expect(fileDigest(file)).toBe(digest);
});
