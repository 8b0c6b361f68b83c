import { parse, type Options, type Parser } from 'csv-parse';
import type { Delimiter } from './sniff-delimiter.js';
import { readBatches } from './read-batches.js';

/**
 * Longest record read, in bytes: a record is held whole until it ends, so an unclosed quote or a file
 * without line breaks would be held whole (tens of bytes of memory a byte); no real row comes near.
 */
export const MAX_CSV_RECORD_BYTES = 4 * 1024 * 1024;

/** Every line ending, in any mix: Windows, Unix and old Mac. */
const RECORD_DELIMITERS = ['\r\n', '\n', '\r'];

/** How csv-parse reads a CSV here, and so how `scanCsvRecords` must read it too. */
export function csvParseOptions(delimiter: Delimiter): Options {
  return {
    delimiter,
    // csv-parse otherwise fixes the line ending from the first line it meets, so a CRLF file with one
    // line appended in an editor that writes LF (or the reverse) reads as one ragged row.
    record_delimiter: RECORD_DELIMITERS,
    relax_column_count: true,
    relax_quotes: true,
    bom: false,
    max_record_size: MAX_CSV_RECORD_BYTES,
  };
}

/** csv-parse driven in step with the reading: each write gives the records it completes, in the same turn. */
export interface CsvParseStep {
  write(text: string | Buffer): string[][];
  /** Throws csv-parse's error, if a write failed it (after the records it completed were taken). */
  throwIfFailed(): void;
  /** The last records, or the error the end of the text makes (an unclosed quote). */
  end(): AsyncGenerator<string[][]>;
  readonly bytes: () => number;
  readonly destroy: () => void;
}

export function csvParseStep(delimiter: Delimiter): CsvParseStep {
  const csv: Parser = parse(csvParseOptions(delimiter));
  // Its errors are read from `errored` after each step: none may go unheard in between.
  csv.on('error', () => undefined);
  // csv-parse's count of bytes at the end of the last write that completed a record: every byte since
  // belongs to a record not yet ended.
  let recordEnded = 0;
  return {
    write(text) {
      csv.write(text);
      const out: string[][] = [];
      let record: string[] | null;
      while ((record = csv.read() as string[] | null) !== null) out.push(record);
      if (out.length > 0) recordEnded = csv.info.bytes;
      return out;
    },
    throwIfFailed() {
      if (csv.errored !== null) throw csv.errored;
      // csv-parse's own bound counts neither delimiters nor bytes: a line of bare commas would be held
      // whole. What it holds of a record not yet ended is bounded here, in bytes, as its name says.
      if (csv.info.bytes - recordEnded > MAX_CSV_RECORD_BYTES)
        throw Object.assign(new Error(`a record runs past ${MAX_CSV_RECORD_BYTES} bytes`), { code: 'CSV_MAX_RECORD_SIZE' });
    },
    end: () => readBatches<string[]>(csv, () => csv.end()),
    bytes: () => csv.info.bytes,
    destroy: () => csv.destroy(),
  };
}
