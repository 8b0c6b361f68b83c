import type { Readable } from 'node:stream';
import { parse, type Options, type Parser } from 'csv-parse';
import type { Delimiter } from './sniff-delimiter.js';
import { readBatches } from './read-batches.js';
import { scanCsvRecords } from './scan-csv-records.js';
import { utf8CompleteLength } from './utf8-guard.js';

/**
 * Longest record (one row, all its fields) read, in bytes: 4 MiB. csv-parse holds a record whole until
 * it ends, so an unclosed quote near the top of a large file, or a file without line breaks, would
 * be held whole, and a record of one-character fields costs tens of bytes of memory per byte; no real
 * row comes near this.
 */
export const MAX_CSV_RECORD_BYTES = 4 * 1024 * 1024;

/**
 * Characters of an unfinished record the scan holds before it leaves the rest of the file to
 * csv-parse, which bounds it at {@link MAX_CSV_RECORD_BYTES}. A record the scan reads is then at most
 * this plus one chunk long: at most 3 bytes a character, under csv-parse's bound, so the scan never
 * reads a record csv-parse would refuse.
 */
const SCAN_MAX_PENDING = 1024 * 1024;

/** Every line ending, in any mix: Windows, Unix and old Mac. */
const RECORD_DELIMITERS = ['\r\n', '\n', '\r'];

/** How csv-parse reads a CSV here, and so how {@link scanCsvRecords} must read it too. */
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

/** The records of a CSV text in batches; see {@link csvRecordBatches}. */
export interface CsvRecordBatches {
  readonly batches: AsyncGenerator<string[][]>;
  /** Bytes of the source the records handed out so far were read from (up to the last one's end, about). */
  readonly bytes: () => number;
  /** Stops csv-parse, if the reading went on there. */
  readonly destroy: () => void;
}

/**
 * The records of a source of UTF-8 text (Buffers) in batches, each record its fields' text. Records
 * are read with {@link scanCsvRecords} while it can; from the first record it leaves to csv-parse
 * (or the first that runs past {@link SCAN_MAX_PENDING} characters), the rest of the source goes
 * through csv-parse, with the same options the scan follows. Errors are the source's own and
 * csv-parse's (codes `CSV_MAX_RECORD_SIZE`, `CSV_QUOTE_NOT_CLOSED`, …).
 */
export function csvRecordBatches(source: Readable, delimiter: Delimiter): CsvRecordBatches {
  const code = delimiter.charCodeAt(0);
  let fed = 0;
  // The bytes of a character cut at a chunk's end, and the text of a record not yet ended.
  let carry: Buffer | undefined;
  let pending = '';
  let parser: Parser | undefined;
  let handedAt = 0;
  const unread = (): number => (carry?.length ?? 0) + Buffer.byteLength(pending);
  const bytes = (): number => (parser ? handedAt + parser.info.bytes : fed - unread());

  // Reads the rest with csv-parse, from `text` (the start of a record) on.
  async function* handOff(rest: readonly Buffer[], ended: boolean): AsyncGenerator<string[][]> {
    handedAt = fed - unread();
    const text = pending;
    const cut = carry;
    const csv = parse(csvParseOptions(delimiter));
    parser = csv;
    // Written once the batches are listened to: csv-parse may fail on the text at once (an unclosed quote).
    yield* readBatches<string[]>(csv, () => {
      csv.write(text);
      if (cut !== undefined) csv.write(cut);
      for (const chunk of rest) csv.write(chunk);
      if (ended) csv.end();
      else {
        source.on('error', (error: Error) => csv.destroy(error));
        source.pipe(csv);
      }
    });
  }

  async function* batches(): AsyncGenerator<string[][]> {
    let rest: Buffer[] | undefined;
    reading: for await (const chunks of readBatches<Buffer>(source)) {
      for (let k = 0; k < chunks.length; k++) {
        const chunk = chunks[k]!;
        fed += chunk.length;
        const bytes = carry === undefined ? chunk : Buffer.concat([carry, chunk]);
        const end = utf8CompleteLength(bytes);
        carry = end < bytes.length ? bytes.subarray(end) : undefined;
        const text = pending + bytes.toString('utf8', 0, end);
        const out: string[][] = [];
        const stop = scanCsvRecords(text, code, false, out);
        pending = text.slice(stop.end);
        if (out.length > 0) yield out;
        if (stop.next === 'csv-parse' || pending.length > SCAN_MAX_PENDING) {
          // Out of the loop first: the reader's listener would otherwise keep the pipe from flowing.
          rest = chunks.slice(k + 1);
          break reading;
        }
      }
    }
    if (rest !== undefined) {
      yield* handOff(rest, false);
      return;
    }
    // The source has ended: its last record ends with it.
    const text = pending + (carry?.toString('utf8') ?? '');
    carry = undefined;
    const out: string[][] = [];
    const stop = scanCsvRecords(text, code, true, out);
    pending = text.slice(stop.end);
    if (out.length > 0) yield out;
    if (stop.next === 'csv-parse') yield* handOff([], true);
  }

  return { batches: batches(), bytes, destroy: () => parser?.destroy() };
}
