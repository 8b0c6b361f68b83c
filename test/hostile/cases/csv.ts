import { mkdirSync, symlinkSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import type { CaseFiles, HostileCase } from '../hostile-case.js';
import { TEMPLATE_201 } from '../adversaries.js';
import { COLUMN, fifo, ingest, quoted, sparse, STEEL_HEADER, steelCsv, validate, write } from '../case-inputs.js';

const MIB = 1024 * 1024;
const HEADER = `${STEEL_HEADER}\n`;

/** A 1 MiB run of digits that ends in a letter: no number, and a slow regex's worst case. */
const DIGITS_THEN_LETTER = `${'1'.repeat(MIB)}x`;

/**
 * A template of a name and a required interval (`range.json`), its mapping (`range.yaml`), and a
 * CSV whose one row holds `interval` in that column: no sample template has a range a CSV can fill.
 */
function rangeInput(c: CaseFiles, interval: string): void {
  const content = { _ord: ['名称', '区间'], 名称: { t: 1, r: true, misc: {} }, 区间: { t: 3, r: true, misc: { type: 0, unit: '%' } } };
  write(c, 'range.json', JSON.stringify({ ...TEMPLATE_201, id: 9001, content }));
  const mapping = readFileSync('mappings/steel_strength.yaml', 'utf8').split(/^content:/m)[0] ?? '';
  write(
    c,
    'range.yaml',
    `${mapping.replace('template: 201', 'template: 9001').replaceAll('formula', 'name')}content:\n  名称: name\n  区间: interval\n`,
  );
  write(c, 'range.csv', `name,interval\nFe,${quoted(interval)}\n`);
}

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
    name: 'CSV: a number cell of 1 MiB of digits ending in a letter is VALUE_NOT_A_NUMBER at once (exit 1)',
    make: (c) =>
      write(
        c,
        'digits.csv',
        steelCsv(1, (cells) => (cells[COLUMN.yieldStrength] = DIGITS_THEN_LETTER)),
      ),
    args: () => validate('digits.csv', '--json'),
    exit: 1,
    check: ({ run }) => expect(JSON.parse(run.stdout)).toMatchObject({ invalidByCode: { VALUE_NOT_A_NUMBER: 1 } }),
  },
  {
    name: 'CSV: a number cell of 1 MiB of digits, a ± and a letter is VALUE_NOT_A_NUMBER at once',
    make: (c) =>
      write(
        c,
        'digits.csv',
        steelCsv(1, (cells) => (cells[COLUMN.yieldStrength] = `${'1'.repeat(MIB)}±x`)),
      ),
    args: () => validate('digits.csv', '--json'),
    exit: 1,
    check: ({ run }) => expect(JSON.parse(run.stdout)).toMatchObject({ invalidByCode: { VALUE_NOT_A_NUMBER: 1 } }),
  },
  {
    name: 'CSV: an interval cell of 1 MiB of (1,1,1,…) is no range, read at once (exit 1)',
    make: (c) => rangeInput(c, `(${'1,'.repeat(MIB / 2)}1)`),
    args: () => ['validate', '--template-file', 'range.json', '--no-template-cache', '--mapping', 'range.yaml', 'range.csv', '--json'],
    exit: 1,
    check: ({ run }) => expect(JSON.parse(run.stdout)).toMatchObject({ records: 1, invalid: 1 }),
  },
  {
    name: 'CSV (succeeds): an interval cell (1,000, 2,000) of the same template is read',
    make: (c) => rangeInput(c, '(1,000, 2,000)'),
    args: () => ['validate', '--template-file', 'range.json', '--no-template-cache', '--mapping', 'range.yaml', 'range.csv', '--json'],
    exit: 0,
    check: ({ run }) => expect(JSON.parse(run.stdout)).toMatchObject({ records: 1, invalid: 0 }),
  },
  {
    name: 'CSV: a FIFO named .csv that nobody writes is SOURCE_NOT_A_FILE at once, not a hang',
    make: (c) => fifo(c, 'pipe.csv'),
    args: () => validate('pipe.csv'),
    exit: 2,
    code: 'SOURCE_NOT_A_FILE',
  },
  {
    name: 'CSV: ingest of a FIFO named .csv is SOURCE_NOT_A_FILE before anything is sent',
    make: (c) => fifo(c, 'pipe.csv'),
    args: () => ingest('pipe.csv'),
    exit: 2,
    code: 'SOURCE_NOT_A_FILE',
  },
  {
    name: 'CSV: a link named .csv to /dev/zero is SOURCE_NOT_A_FILE, not read (ingest would hash it for ever)',
    make: (c) => symlinkSync('/dev/zero', c.at('zero.csv')),
    args: () => ingest('zero.csv'),
    exit: 2,
    code: 'SOURCE_NOT_A_FILE',
  },
  ...['drop', 'drop/*.csv'].map((input): HostileCase => ({
    name: `CSV (succeeds): ${input === 'drop' ? 'a folder' : 'a glob'} holding a FIFO and a file reads the file only`,
    make: (c) => {
      mkdirSync(c.at('drop'));
      fifo(c, 'drop/a-pipe.csv');
      write(c, 'drop/b.csv', steelCsv(2));
    },
    args: () => ingest(input, '--json'),
    exit: 0,
    sent: 2,
  })),
  ...[
    ['1 MiB of one letter', 'a'.repeat(MIB)],
    ['1 MiB of Chinese and spaces', '化 '.repeat(MIB / 2)],
    ['a unit repeated over 1 MiB', 'a (MPa'.repeat(MIB / 6)],
    ['words repeated over 1 MiB', 'yield strength '.repeat(MIB / 15)],
  ].map(([what, name]): HostileCase => ({
    name: `CSV (succeeds): init on a header of ${what} proposes a mapping in seconds`,
    make: (c) =>
      write(
        c,
        'long-header.csv',
        `${quoted(name ?? '')},${STEEL_HEADER}\n${steelCsv(3)
          .split('\n')
          .slice(1)
          .map((line) => (line ? `x,${line}` : ''))
          .join('\n')}`,
      ),
    args: () => ['init', '201', '--input', 'long-header.csv', '--out', 'proposed.yaml'],
    exit: 0,
    check: ({ at }) => expect(readFileSync(at('proposed.yaml'), 'utf8')).toMatch(/^ {2}化学式: formula/m),
  })),
  {
    name: 'CSV (succeeds): init on cells of a megabyte (digits, Chinese with a unit) proposes a mapping in seconds',
    make: (c) =>
      write(
        c,
        'big-cells.csv',
        steelCsv(20, (cells, i) => {
          if (i !== 0) return;
          cells[COLUMN.yieldStrength] = DIGITS_THEN_LETTER;
          cells[2] = quoted(`${'化 '.repeat(MIB / 4)}MPa`);
        }),
      ),
    args: () => ['init', '201', '--input', 'big-cells.csv', '--out', 'proposed.yaml'],
    exit: 0,
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
    make: (c) =>
      write(
        c,
        'long-key.csv',
        steelCsv(1, (cells) => (cells[COLUMN.formula] = quoted(`Fe${'x'.repeat(0.75 * MIB)}`))),
      ),
    args: () => ingest('long-key.csv'),
    exit: 0,
    sent: 1,
    check: ({ stored }) => expect(String(stored[0]?.body.content['化学式']).length).toBe(0.75 * MIB + 2),
  },
  {
    name: 'CSV: a 3.5 MiB cell passes the record limit; the platform refuses a body past 2.5 MiB, the row is failed (exit 1)',
    make: (c) =>
      write(
        c,
        'long-key.csv',
        steelCsv(1, (cells) => (cells[COLUMN.formula] = quoted(`Fe${'x'.repeat(3.5 * MIB)}`))),
      ),
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
