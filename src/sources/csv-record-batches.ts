import type { Readable } from 'node:stream';
import type { Delimiter } from './sniff-delimiter.js';
import { readBatches } from './read-batches.js';
import { csvParseStep, type CsvParseStep } from './csv-parse-step.js';
import { SCAN_MAX_RECORD_CHARS, scanCsvRecords } from './scan-csv-records.js';
import { utf8CompleteLength } from './utf8-guard.js';

/** The records of a CSV text in batches; see {@link csvRecordBatches}. */
export interface CsvRecordBatches {
  readonly batches: AsyncGenerator<string[][]>;
  /**
   * Bytes of the source the records handed out so far were read from: exact while the scan reads;
   * csv-parse's count after, which may run into a record it has begun.
   */
  readonly bytes: () => number;
  /** Stops csv-parse, if the reading went on there. */
  readonly destroy: () => void;
}

/**
 * A UTF-8 source's records in batches: {@link scanCsvRecords} while it can, csv-parse with the same
 * options from the first record the scan leaves. Errors are the source's and csv-parse's (`CSV_…`).
 */
export function csvRecordBatches(source: Readable, delimiter: Delimiter): CsvRecordBatches {
  const code = delimiter.charCodeAt(0);
  let fed = 0;
  // The bytes of a character cut at a chunk's end, and the text of a record not yet ended.
  let carry: Buffer | undefined;
  let pending = '';
  // How long `pending` was when last scanned: an unended record is scanned again only once its text
  // has doubled, so a long record arriving in small chunks costs linear time, not quadratic.
  let scannedLength = 0;
  let csv: CsvParseStep | undefined;
  let handedAt = 0;
  const unread = (): number => (carry?.length ?? 0) + Buffer.byteLength(pending);
  const bytes = (): number => (csv ? handedAt + csv.bytes() : fed - unread());

  // Scans `text` and hands out its records, keeping the record it stopped at; true when that record
  // and the rest are csv-parse's.
  function* scan(text: string, final: boolean): Generator<string[][], boolean> {
    const out: string[][] = [];
    const stop = scanCsvRecords(text, code, final, out);
    pending = text.slice(stop.end);
    scannedLength = pending.length;
    if (out.length > 0) yield out;
    return stop.next === 'csv-parse' || pending.length > SCAN_MAX_RECORD_CHARS;
  }

  // Writes to csv-parse and hands out the records that completes, then its error, if any.
  function* written(step: CsvParseStep, text: string | Buffer): Generator<string[][]> {
    const out = step.write(text);
    if (out.length > 0) yield out;
    step.throwIfFailed();
  }

  // From here on csv-parse reads, from the start of the record the scan stopped at.
  function* handOff(): Generator<string[][], CsvParseStep> {
    handedAt = fed - unread();
    const step = csvParseStep(delimiter);
    csv = step;
    const text = pending;
    const cut = carry;
    pending = '';
    carry = undefined;
    yield* written(step, text);
    if (cut !== undefined) yield* written(step, cut);
    return step;
  }

  async function* batches(): AsyncGenerator<string[][]> {
    for await (const chunks of readBatches<Buffer>(source)) {
      for (const chunk of chunks) {
        fed += chunk.length;
        if (csv !== undefined) {
          yield* written(csv, chunk);
          continue;
        }
        const data = carry === undefined ? chunk : Buffer.concat([carry, chunk]);
        const end = utf8CompleteLength(data);
        carry = end < data.length ? data.subarray(end) : undefined;
        const text = pending + data.toString('utf8', 0, end);
        if (text.length < 2 * scannedLength && text.length <= SCAN_MAX_RECORD_CHARS) pending = text;
        else if (yield* scan(text, false)) yield* handOff();
      }
    }
    let step = csv;
    if (step === undefined) {
      // The source has ended: its last record ends with it.
      const text = pending + (carry?.toString('utf8') ?? '');
      carry = undefined;
      if (!(yield* scan(text, true))) return;
      step = yield* handOff();
    }
    yield* step.end();
  }

  return { batches: batches(), bytes, destroy: () => csv?.destroy() };
}
