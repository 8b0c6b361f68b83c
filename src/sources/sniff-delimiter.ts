import { parse, type Parser } from 'csv-parse';

/** The delimiters a CSV/TSV may use, in order of preference when equally consistent. */
export const DELIMITERS = [',', '\t', ';', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** Records of the sample scored: enough to see a pattern past a few title lines. */
const SAMPLE_RECORDS = 50;

/** Characters handed to csv-parse at a time, so a long sample stops being read once it has its records. */
const WRITE_CHARS = 4096;

/**
 * The delimiter that splits the first records most consistently into several columns
 * (docs/toolchain.md#csv), ties to the earlier of {@link DELIMITERS}, else `fallback`; unless
 * `complete`, the sample's last record is left out (it may end inside a quote).
 * @param complete the text is the whole file. @default false
 */
export function sniffDelimiter(text: string, fallback: Delimiter = ',', complete = false): Delimiter {
  let best: Delimiter = fallback;
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    let records = completeRecords(text, delimiter, complete);
    if (records.length === 0 && !complete) records = completeRecords(text, delimiter, true);
    const score = consistency(records);
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The first records csv-parse completes with the reader's rules, written out here (importing
 * `csvParseOptions` would close an import cycle through {@link Delimiter}); none after an error.
 */
function completeRecords(text: string, delimiter: Delimiter, complete: boolean): string[][] {
  const csv: Parser = parse({ delimiter, record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true, relax_quotes: true });
  // Its errors are read from `errored` after each write.
  csv.on('error', () => undefined);
  const records: string[][] = [];
  // csv-parse hands out a record in the same turn as the write (or the end) that completes it.
  const take = (): void => {
    let record: string[] | null;
    while ((record = csv.read() as string[] | null) !== null) records.push(record);
  };
  let at = 0;
  while (at < text.length && records.length < SAMPLE_RECORDS && csv.errored === null) {
    let end = Math.min(text.length, at + WRITE_CHARS);
    // Keep a surrogate pair in one write: csv-parse encodes each write as UTF-8 on its own.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end++;
    csv.write(text.slice(at, end));
    take();
    at = end;
  }
  // csv-parse holds back a record whose end it has not seen past (a CR may be half a CR LF): only
  // the end of the text hands out the last one, and an unclosed quote there is an error instead.
  if (complete && at >= text.length && records.length < SAMPLE_RECORDS && csv.errored === null) {
    csv.end();
    take();
  }
  csv.destroy();
  return records.slice(0, SAMPLE_RECORDS);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function consistency(records: readonly string[][]): number {
  const counts = new Map<number, number>();
  for (const record of records) {
    if (record.length > 1) counts.set(record.length, (counts.get(record.length) ?? 0) + 1);
  }
  let top = 0;
  for (const n of counts.values()) top = Math.max(top, n);
  return top;
}
