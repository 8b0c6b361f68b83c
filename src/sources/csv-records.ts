import { createReadStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import type { CsvRow } from './packed-csv-rows.js';
import type { TextEncodingName } from './detect-encoding.js';
import type { Delimiter } from './sniff-delimiter.js';
import { sourceError } from './source-error.js';
import { cellsDigest, SOURCE_DIGEST_BYTES } from './source-digest.js';
import { csvRecordBatches } from './csv-record-batches.js';
import { MAX_CSV_RECORD_BYTES } from './csv-parse-step.js';
import { utf8Guard, NotUtf8Error } from './utf8-guard.js';
import { gb18030Guard, NotGb18030Error } from './gb18030-guard.js';

const LF = 10;
const CR = 13;

/** Bytes read per chunk from the file. */
const CHUNK_BYTES = 64 * 1024;

/** What {@link csvRecords} reads: decided by `openCsv` from the file's first bytes. Plain data (it crosses to a worker thread). */
export interface CsvReadPlan {
  readonly file: string;
  /** Byte offset of the text (after a byte order mark). */
  readonly start: number;
  readonly encoding: TextEncodingName;
  /** True when GB18030 was guessed from the sample rather than chosen: it is checked on. */
  readonly guessed: boolean;
  readonly delimiter: Delimiter;
  /** Give each row its `digest` (`cellsDigest`). */
  readonly digests?: boolean;
}

/** Raw rows of a CSV file in batches, and how to stop reading early. */
export interface CsvRecords {
  readonly rows: AsyncGenerator<CsvRow[]>;
  readonly close: () => Promise<void>;
  /**
   * Where in the file the last batch handed out ends, in bytes from the file's first byte (a byte
   * order mark included).
   */
  readonly bytesRead: () => number;
}

/**
 * Streams a CSV/TSV file as batches of raw text rows ({@link csvRecordBatches}), `rowNumber` the
 * record's first physical line. Errors are {@link MgeError}s: `SOURCE_BAD_ENCODING`,
 * `SOURCE_UNREADABLE`, `SOURCE_CSV_SYNTAX`.
 */
export function csvRecords(plan: CsvReadPlan): CsvRecords {
  const { file, start, encoding, guessed, delimiter } = plan;
  const input = createReadStream(file, { start, highWaterMark: CHUNK_BYTES });
  const source: Readable = input.pipe(encoding === 'utf8' ? utf8Guard() : guessed ? gb18030Guard() : decoderStream(encoding));
  input.on('error', (error: Error) => source.destroy(error));
  // Until the file shows a CR that is not half of a CR LF, no field holds one, and the line count
  // looks for LF alone: a second search of every field cost a tenth of the reading. Each chunk is
  // looked at here before the reader can hand out a record from it.
  const seen = { loneCr: false };
  input.on('data', (chunk: string | Buffer) => {
    // No encoding is set on the file stream: its chunks are Buffers.
    if (!seen.loneCr) seen.loneCr = holdsLoneCr(chunk as Buffer);
  });
  const reader = csvRecordBatches(source, delimiter);
  const close = async (): Promise<void> => {
    input.destroy();
    source.destroy();
    reader.destroy();
  };
  // UTF-8 is read as the file's own bytes, so their count is where the batch ends; text decoded from
  // another encoding is counted in other units, so there the bytes read stand in (ahead by what the
  // streams buffer).
  const position = { bytes: start };
  const at = encoding === 'utf8' ? (): number => start + reader.bytes() : (): number => start + input.bytesRead;
  return {
    rows: records(
      reader.batches,
      file,
      () => (position.bytes = at()),
      () => seen.loneCr,
      plan.digests === true,
    ),
    close,
    bytesRead: () => position.bytes,
  };
}

async function* records(
  batches: AsyncGenerator<string[][]>,
  file: string,
  mark: () => void,
  loneCr: () => boolean,
  digests: boolean,
): AsyncGenerator<CsvRow[]> {
  let line = 1;
  try {
    for await (const batch of batches) {
      const count = loneCr() ? lineBreaks : lineFeeds;
      const rows = new Array<CsvRow>(batch.length);
      const batchDigests = digests ? new Uint8Array(batch.length * SOURCE_DIGEST_BYTES) : undefined;
      for (let i = 0; i < batch.length; i++) {
        const record = batch[i]!;
        if (batchDigests === undefined) rows[i] = { rowNumber: line, cells: record, issues: undefined };
        else {
          const at = i * SOURCE_DIGEST_BYTES;
          cellsDigest(record, batchDigests, at);
          rows[i] = { rowNumber: line, cells: record, issues: undefined, digest: batchDigests.subarray(at, at + SOURCE_DIGEST_BYTES) };
        }
        // The next record starts after this one's line break and any line breaks quoted inside it
        // (counted here, whichever reader read it: csv-parse's `info` option costs a quarter of its
        // speed).
        line++;
        for (let c = 0; c < record.length; c++) line += count(record[c]!);
      }
      mark();
      yield rows;
    }
  } catch (error) {
    if (error instanceof NotUtf8Error) {
      throw sourceError(
        'SOURCE_BAD_ENCODING',
        `the file stops being UTF-8 at or after line ${line} (byte ${error.offset})`,
        { file, row: line },
        'it may be GB18030/GBK: set the encoding to gb18030, or save the whole file as UTF-8',
        error,
      );
    }
    if (error instanceof NotGb18030Error) {
      throw sourceError(
        'SOURCE_BAD_ENCODING',
        `the file stops reading as GB18030 at or after line ${line} (${error.reason === 'utf8-row' ? 'a UTF-8 row' : 'bytes GB18030 cannot decode'}, byte ${error.offset})`,
        { file, row: line },
        'the file mixes encodings: save the whole file as UTF-8, or set encoding: gb18030 to read it as GB18030 regardless',
        error,
      );
    }
    const code = (error as { code?: string }).code;
    if (code === 'CSV_MAX_RECORD_SIZE') {
      throw sourceError(
        'SOURCE_TOO_LARGE',
        `the record that starts at line ${line} runs past ${MAX_CSV_RECORD_BYTES} bytes`,
        { file, row: line },
        'look for an unclosed quote on this line; if the file has no line breaks, it is not a CSV table',
        error,
      );
    }
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') {
      throw sourceError('SOURCE_UNREADABLE', `cannot read the file (${code})`, { file }, undefined, error);
    }
    throw sourceError(
      'SOURCE_CSV_SYNTAX',
      // csv-parse counts lines from where it took over the reading: the location has the file's own.
      `the file is not valid CSV: ${(error as Error).message.replace(/ at line \d+/, '')}`,
      { file, row: line },
      'look for an unclosed quote at or after this line',
      error,
    );
  }
}

/** The LFs in a field's text: its line breaks when the file holds no CR alone (a CR LF's is its LF). */
function lineFeeds(text: string): number {
  let count = 0;
  let at = text.indexOf('\n');
  while (at >= 0) {
    count++;
    at = text.indexOf('\n', at + 1);
  }
  return count;
}

/**
 * The line breaks in a field's text, each as the reader ends a record: CR LF, LF or CR alone. A quoted
 * CR is a line in a CR-only file (old Mac) as a quoted LF is in an LF file.
 */
function lineBreaks(text: string): number {
  let count = lineFeeds(text);
  let at = text.indexOf('\r');
  while (at >= 0) {
    // The CR of a CR LF was counted with its LF.
    if (text.charCodeAt(at + 1) !== LF) count++;
    at = text.indexOf('\r', at + 1);
  }
  return count;
}

/**
 * Whether `bytes` hold a CR byte not followed by an LF byte: one at the end counts (its LF may be in
 * the next chunk), and so does every CR of UTF-16 text (a zero byte follows it). A false yes only
 * costs the slower count.
 */
function holdsLoneCr(bytes: Buffer): boolean {
  let at = bytes.indexOf(CR);
  while (at >= 0) {
    if (bytes[at + 1] !== LF) return true;
    at = bytes.indexOf(CR, at + 2);
  }
  return false;
}

/** Bytes → text with Node's streaming TextDecoder (it keeps a character cut between chunks whole). */
function decoderStream(encoding: 'utf16le' | 'gb18030'): Transform {
  const decoder = new TextDecoder(encoding === 'utf16le' ? 'utf-16le' : 'gb18030', { ignoreBOM: true });
  return new Transform({
    decodeStrings: true,
    readableObjectMode: false,
    transform(chunk: Buffer, _enc, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
}
