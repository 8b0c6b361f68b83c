import { mkdirSync, symlinkSync } from 'node:fs';
import type { HostileCase } from '../hostile-case.js';
import { COLUMN, ingest, quoted, sparse, STEEL_HEADER, steelCsv, validate, write } from '../case-inputs.js';

const MIB = 1024 * 1024;
const HEADER = `${STEEL_HEADER}\n`;

/** CSV inputs: records that never end, cells built to be slow, files that are no files. */
export const CSV_CASES: readonly HostileCase[] = [
  {
    name: 'CSV: an unclosed quote on line 2 of a 1 GiB file is SOURCE_TOO_LARGE at that line, not a gigabyte held',
    // Sparse after its first MiB: the rest reads as NUL characters, inside the quoted field.
    make: (c) => sparse(c, 'open-quote.csv', `${HEADER}1,"${'a'.repeat(MIB)}`, 1024 ** 3),
    args: () => validate('open-quote.csv'),
    exit: 2,
    code: 'SOURCE_TOO_LARGE',
    check: ({ run }) => expect(run.stderr).toMatch(/^ {2}at open-quote\.csv:2$/m),
  },
  {
    name: 'CSV: 48 MiB of one-character fields without a line break is SOURCE_TOO_LARGE',
    make: (c) => write(c, 'no-break.csv', Buffer.concat([Buffer.from(HEADER), Buffer.alloc(48 * MIB, 'a,')])),
    args: () => validate('no-break.csv'),
    exit: 2,
    code: 'SOURCE_TOO_LARGE',
  },
  {
    // 256 MiB: ingest reads the whole file once for its sha256 before the first row, which is not the point here.
    name: 'CSV: ingest of an unclosed quote in a 256 MiB file sends nothing',
    make: (c) => sparse(c, 'open-quote.csv', `${HEADER}1,"${'a'.repeat(MIB)}`, 256 * MIB),
    args: () => ingest('open-quote.csv'),
    exit: 2,
    code: 'SOURCE_TOO_LARGE',
  },
  {
    name: 'CSV: random bytes are SOURCE_NOT_TEXT',
    make: (c) => write(c, 'random.csv', Buffer.from(Array.from({ length: MIB }, (_v, i) => (i * 7919 + 13) % 256))),
    args: () => ingest('random.csv'),
    exit: 2,
    code: 'SOURCE_NOT_TEXT',
  },
  {
    // The key is in the record three times (content, title, abstract): 2.25 MiB, under the platform's 2.5 MiB.
    name: 'CSV (succeeds): a 768 KiB key cell is uploaded whole',
    make: (c) => write(c, 'long-key.csv', steelCsv(1, (cells) => (cells[COLUMN.formula] = quoted(`Fe${'x'.repeat(0.75 * MIB)}`)))),
    args: () => ingest('long-key.csv'),
    exit: 0,
    sent: 1,
    check: ({ stored }) => expect(String(stored[0]?.body.content['化学式']).length).toBe(0.75 * MIB + 2),
  },
  {
    name: 'CSV: a 3.5 MiB cell passes the record limit; the platform refuses a body past 2.5 MiB, the row is failed (exit 1)',
    make: (c) => write(c, 'long-key.csv', steelCsv(1, (cells) => (cells[COLUMN.formula] = quoted(`Fe${'x'.repeat(3.5 * MIB)}`)))),
    args: () => ingest('long-key.csv', '--json'),
    exit: 1,
    sent: 1,
    check: ({ run, stored }) => {
      expect(JSON.parse(run.stdout)).toMatchObject({ counts: { failed: 1 } });
      expect(stored).toHaveLength(0);
    },
  },
  {
    name: 'CSV (succeeds): 5,000 rows of one key: the first is uploaded, the rest DUPLICATE_KEY, exit 1',
    make: (c) => write(c, 'same-key.csv', HEADER + steelCsv(1).slice(HEADER.length).repeat(5000)),
    args: () => ingest('same-key.csv', '--json'),
    exit: 1,
    sent: 1,
    check: ({ run }) => expect(JSON.parse(run.stdout)).toMatchObject({ counts: { uploaded: 1, invalid: 4999 } }),
  },
  {
    name: 'CSV (succeeds): --recursive through a link back to its own folder reads each file once',
    make: (c) => {
      mkdirSync(c.at('drop/sub'), { recursive: true });
      write(c, 'drop/a.csv', steelCsv(2));
      symlinkSync('..', c.at('drop/sub/loop'));
    },
    args: () => ingest('drop', '--recursive', '--json'),
    exit: 0,
    sent: 2,
  },
];
