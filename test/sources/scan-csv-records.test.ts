import { PassThrough, Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { csvParseOptions } from '../../src/sources/csv-parse-step.js';
import { csvRecordBatches } from '../../src/sources/csv-record-batches.js';
import { scanCsvRecords } from '../../src/sources/scan-csv-records.js';
import { DELIMITERS, type Delimiter } from '../../src/sources/sniff-delimiter.js';
import { seededRandom } from '../helpers/seeded-random.js';

/**
 * The scan is compared with csv-parse itself, with the options csv-parse reads files with here, on
 * texts made at random: short runs of the characters that matter (quotes, delimiters, every line
 * ending, multibyte text), and tables of plausible rows with now and then a malformed one. Each text
 * is fed in random cuts, so records, quotes, `""` and CR LF are split across chunks.
 */

type Outcome = { readonly records: string[][] } | { readonly error: string | undefined };

function byCsvParse(text: string, delimiter: Delimiter): Outcome {
  try {
    const records: string[][] = parse(text, csvParseOptions(delimiter));
    return { records };
  } catch (error) {
    return { error: (error as { code?: string }).code };
  }
}

/** Reads `bytes` cut at `cuts` through {@link csvRecordBatches}; also how many bytes it says it read. */
async function byBatches(bytes: Buffer, cuts: readonly number[], delimiter: Delimiter): Promise<{ outcome: Outcome; read: number }> {
  const chunks: Buffer[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    chunks.push(bytes.subarray(from, cut));
    from = cut;
  }
  const reader = csvRecordBatches(Readable.from(chunks, { objectMode: false }), delimiter);
  const records: string[][] = [];
  try {
    for await (const batch of reader.batches) records.push(...batch);
  } catch (error) {
    return { outcome: { error: (error as { code?: string }).code }, read: reader.bytes() };
  }
  return { outcome: { records }, read: reader.bytes() };
}

type Random = () => number;
const pick = <T>(next: Random, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

/** Short runs of the characters a CSV reader must get right, in any order. */
function characterSoup(next: Random, delimiter: Delimiter): string {
  const other = pick(next, DELIMITERS);
  const pieces = ['a', 'b', 'é', '中', '😀', ' ', delimiter, delimiter, other, '"', '"', '""', '\n', '\r', '\r\n'];
  let text = '';
  const length = Math.floor(next() * 40);
  for (let i = 0; i < length; i++) text += pick(next, pieces);
  return text;
}

/** A table of plausible rows (quoted fields with delimiters, line breaks and quotes), sometimes one malformed. */
function table(next: Random, delimiter: Delimiter): string {
  const field = (): string => {
    const r = next();
    if (r < 0.4) return pick(next, ['Fe0.6C0.02', '216.0', '-192.458', '多晶', 'Bi2Te3', '12" rod', '']);
    if (r < 0.8) return `"${pick(next, [`Arc-melted${delimiter} vacuum`, 'two\nlines', 'say ""hi""', '', 'a\r\nb', '中文'])}"`;
    if (r < 0.97) return pick(next, ['x', '0.1', ' padded ']);
    return pick(next, ['"closed"then text', '"never closed', '"a" ']);
  };
  const rows = 1 + Math.floor(next() * 12);
  let text = '';
  for (let r = 0; r < rows; r++) {
    const width = 1 + Math.floor(next() * 5);
    text += Array.from({ length: width }, field).join(delimiter);
    if (r < rows - 1 || next() < 0.6) text += pick(next, ['\n', '\n', '\r\n', '\r']);
  }
  return text;
}

function randomCuts(next: Random, length: number): number[] {
  const cuts: number[] = [];
  const count = Math.floor(next() * 4);
  for (let i = 0; i < count; i++) cuts.push(Math.floor(next() * (length + 1)));
  return cuts.sort((a, b) => a - b);
}

describe.each([
  ['character soup', characterSoup, 20261129],
  ['tables', table, 20261130],
] as const)('reading %s', (_name, make, seed) => {
  test.each(DELIMITERS.map((d) => [JSON.stringify(d), d] as const))(
    'with delimiter %s, records (or the error) are csv-parse’s, whatever the chunks',
    async (_shown, delimiter) => {
      const next = seededRandom(seed + delimiter.charCodeAt(0));
      const paths = { scanned: 0, handedOn: 0 };
      for (let i = 0; i < 600; i++) {
        const text = make(next, delimiter);
        const bytes = Buffer.from(text);
        const expected = byCsvParse(text, delimiter);
        const { outcome, read } = await byBatches(bytes, randomCuts(next, bytes.length), delimiter);
        const told = `case ${i}: ${JSON.stringify(text)}`;
        expect([told, outcome]).toEqual([told, expected]);
        if ('records' in expected) expect([told, read]).toEqual([told, bytes.length]);
        const whole = scanCsvRecords(text, delimiter.charCodeAt(0), true, []);
        if (whole.next === 'csv-parse') paths.handedOn++;
        else paths.scanned++;
      }
      // Neither way of reading is left untried: the scan reads many texts whole and leaves many on.
      expect(paths.scanned).toBeGreaterThan(100);
      expect(paths.handedOn).toBeGreaterThan(100);
    },
  );
});

describe('scanCsvRecords', () => {
  test('stops before a record that may go on in the next text, and reads it whole with the rest', () => {
    const comma = ','.charCodeAt(0);
    for (const [text, kept] of [
      ['a,b\nc,d', 'c,d'],
      ['a,b\r', 'a,b\r'],
      ['a,"b\nc', 'a,"b\nc'],
      ['a,"b"', 'a,"b"'],
      ['a,"b""', 'a,"b""'],
      ['a,b\n', ''],
    ] as const) {
      const out: string[][] = [];
      const stop = scanCsvRecords(text, comma, false, out);
      expect([text, stop.next, text.slice(stop.end)]).toEqual([text, 'more', kept]);
      const rest: string[][] = [];
      const last = scanCsvRecords(text.slice(stop.end), comma, true, rest);
      if (last.next === 'more') expect([...out, ...rest]).toEqual((byCsvParse(text, ',') as { records: string[][] }).records);
      else expect(byCsvParse(text, ',')).toEqual({ error: 'CSV_QUOTE_NOT_CLOSED' });
    }
  });

  test('leaves a closing quote followed by other text, and an unclosed quote at the end, to csv-parse', () => {
    const comma = ','.charCodeAt(0);
    const out: string[][] = [];
    expect(scanCsvRecords('a,b\n"c"d,e\nf\n', comma, true, out)).toEqual({ end: 4, next: 'csv-parse' });
    expect(out).toEqual([['a', 'b']]);
    expect(scanCsvRecords('x\n"open', comma, true, [])).toEqual({ end: 2, next: 'csv-parse' });
    expect(scanCsvRecords('x\n"open', comma, false, [])).toEqual({ end: 2, next: 'more' });
  });
});

test('a record the scan does not read ends the scan: the rest of a large text goes through csv-parse, in order', async () => {
  const good = Array.from({ length: 5000 }, (_v, i) => `${i},"alloy, ${i}",${i * 0.5}`);
  const text = `${good.join('\n')}\n7,"odd" quote,1\n${good.join('\r\n')}\n`;
  const bytes = Buffer.from(text);
  const { outcome, read } = await byBatches(bytes, [1000, 65_536, 100_000, 131_072], ',');
  expect(outcome).toEqual(byCsvParse(text, ','));
  expect((outcome as { records: string[][] }).records).toHaveLength(10_001);
  expect(read).toBe(bytes.length);
});

test('a source that fails while the records before an odd one are being used: the error, not a wait for ever', async () => {
  const source = new PassThrough();
  source.write('x\n"a"b,c\nd\n');
  const reader = csvRecordBatches(source, ',');
  expect(await reader.batches.next()).toEqual({ done: false, value: [['x']] });
  source.destroy(new Error('the disk went away'));
  await new Promise((resolve) => setTimeout(resolve, 20));
  const next = reader.batches.next().then(
    (r) => ({ settled: r }),
    (error: Error) => ({ failed: error.message }),
  );
  const waited = new Promise((resolve) => setTimeout(() => resolve({ waiting: true }), 2000));
  expect(await Promise.race([next, waited])).toEqual({ failed: 'the disk went away' });
});

test('records longer than the bound: csv-parse’s error whatever the chunks (one large chunk included)', async () => {
  const text = `a,b\n${'x'.repeat(5 * 1024 * 1024)}\nc\n`;
  const bytes = Buffer.from(text);
  const expected = byCsvParse(text, ',');
  expect(expected).toEqual({ error: 'CSV_MAX_RECORD_SIZE' });
  expect((await byBatches(bytes, [], ',')).outcome).toEqual(expected);
  expect((await byBatches(bytes, [100, 2_000_000], ',')).outcome).toEqual(expected);
});

test('a long quoted field of doubled quotes in small chunks reads as csv-parse reads it', async () => {
  const text = `id,note\n1,"${'""'.repeat(64 * 1024)}"\n2,x\n`;
  const bytes = Buffer.from(text);
  const cuts = Array.from({ length: Math.floor(bytes.length / 64) }, (_v, i) => (i + 1) * 64);
  const { outcome, read } = await byBatches(bytes, cuts, ',');
  expect(outcome).toEqual(byCsvParse(text, ','));
  expect(read).toBe(bytes.length);
});
