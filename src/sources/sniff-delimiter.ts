import { parse } from 'csv-parse/sync';

/** The delimiters a CSV/TSV may use, in order of preference when equally consistent. */
export const DELIMITERS = [',', '\t', ';', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/**
 * Picks the delimiter that splits the first lines of a text most consistently into more than one
 * column (csv-parse's own `delimiter_auto` fails on quoted fields and non-ASCII text). The score is
 * the number of non-blank records that share the most common column count (> 1); ties go to the
 * earlier delimiter in {@link DELIMITERS}. `fallback` when no delimiter gives more than one column.
 */
export function sniffDelimiter(text: string, fallback: Delimiter = ','): Delimiter {
  const lines = text.split(/\r\n|\n|\r/);
  // Drop a last line that may be cut in the middle, unless it is all there is.
  const sample = (lines.length > 1 ? lines.slice(0, Math.min(lines.length - 1, 50)) : lines).join('\n');
  let best: Delimiter = fallback;
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const score = consistency(sample, delimiter);
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

function consistency(sample: string, delimiter: Delimiter): number {
  let records: string[][];
  try {
    records = parse(sample, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
  } catch {
    return 0;
  }
  const counts = new Map<number, number>();
  for (const record of records) {
    if (record.length > 1) counts.set(record.length, (counts.get(record.length) ?? 0) + 1);
  }
  let top = 0;
  for (const n of counts.values()) top = Math.max(top, n);
  return top;
}
