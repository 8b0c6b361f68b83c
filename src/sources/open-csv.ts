import { createReadStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { parse, type Parser } from 'csv-parse';
import type { TableSource } from './source-types.js';
import type { SourceOptions } from './source-options.js';
import type { RawRow } from './raw-row.js';
import { assembleTable } from './assemble-table.js';
import { detectEncoding, type TextEncodingName } from './detect-encoding.js';
import { sniffDelimiter, type Delimiter } from './sniff-delimiter.js';
import { sourceError } from './source-error.js';
import { openSourceFile } from './open-source-file.js';
import { readBatches } from './read-batches.js';
import { utf8Guard, NotUtf8Error } from './utf8-guard.js';
import { gb18030Guard, NotGb18030Error } from './gb18030-guard.js';

/** Bytes read up front to decide the encoding and the delimiter. */
const SAMPLE_BYTES = 64 * 1024;

/** Every line ending, in any mix: Windows, Unix and old Mac. */
const RECORD_DELIMITERS = ['\r\n', '\n', '\r'];

/**
 * Opens a CSV/TSV file: decides its encoding and delimiter from the first 64 KiB (unless given),
 * reads up to the header and streams the rest through csv-parse. Every cell is text; an empty cell
 * is `null`. `rowNumber` is the physical line where a record starts (quoted newlines counted).
 * @throws MgeError `SOURCE_EMPTY`, `SOURCE_NOT_TEXT`, `SOURCE_BAD_ENCODING`, `SOURCE_ENCODING_UNCERTAIN`
 *   (auto: neither UTF-8 nor plausible GB18030), `SOURCE_HEADER_NOT_FOUND`,
 *   `SOURCE_DUPLICATE_HEADER`, `SOURCE_UNREADABLE`.
 */
export async function openCsv(file: string, options: SourceOptions = {}): Promise<TableSource> {
  const where = { file };
  const { sample, complete } = await readSample(file);
  if (sample.length === 0) {
    throw sourceError('SOURCE_EMPTY', 'the file is empty', where, 'check that this is the right file');
  }
  const verdict = detectEncoding(sample, complete);
  if (verdict.kind === 'binary' && options.encoding !== 'utf16le') {
    throw sourceError('SOURCE_NOT_TEXT', 'the file is not text (it holds NUL bytes)', where, 'a CSV/TSV file must be plain text; save the sheet as CSV or read the workbook itself');
  }
  const encoding = chooseEncoding(verdict, options.encoding ?? 'auto', file);
  const bom = verdict.kind === 'text' && verdict.encoding === encoding ? verdict.bom : 0;
  const head = decodeSample(sample.subarray(bom), encoding);
  if (head.trim() === '') {
    throw sourceError('SOURCE_EMPTY', 'the file holds only blank lines', where, 'check that this is the right file');
  }
  const delimiter: Delimiter =
    options.delimiter === undefined || options.delimiter === 'auto' ? sniffDelimiter(head, file.toLowerCase().endsWith('.tsv') ? '\t' : ',') : options.delimiter;

  const input = createReadStream(file, { start: bom, highWaterMark: SAMPLE_BYTES });
  // csv-parse otherwise fixes the line ending from the first line it meets, so a CRLF file with one
  // line appended in an editor that writes LF (or the reverse) reads as one ragged row.
  const parser = parse({ delimiter, record_delimiter: RECORD_DELIMITERS, relax_column_count: true, relax_quotes: true, bom: false });
  // A GB18030 guess made from the sample is checked on (the user's explicit choice is not).
  const guessed = encoding === 'gb18030' && (options.encoding ?? 'auto') === 'auto';
  const source: Readable = input.pipe(encoding === 'utf8' ? utf8Guard() : guessed ? gb18030Guard() : decoderStream(encoding));
  source.pipe(parser);
  const forward = (error: Error): void => {
    parser.destroy(error);
  };
  input.on('error', forward);
  source.on('error', forward);

  const close = async (): Promise<void> => {
    input.destroy();
    source.destroy();
    parser.destroy();
  };
  return assembleTable({ file, sheet: undefined, rows: records(parser, file), merges: undefined, close }, options);
}

async function* records(parser: Parser, file: string): AsyncGenerator<RawRow[]> {
  let line = 1;
  try {
    for await (const batch of readBatches<string[]>(parser)) {
      const rows: RawRow[] = new Array(batch.length);
      for (let i = 0; i < batch.length; i++) {
        const record = batch[i]!;
        rows[i] = { rowNumber: line, cells: record, issues: undefined };
        // The next record starts after this one's line break and any line breaks quoted inside it
        // (counted here: csv-parse's `info` option costs a quarter of its speed).
        line++;
        for (let c = 0; c < record.length; c++) {
          const field = record[c]!;
          let at = field.indexOf('\n');
          while (at >= 0) {
            line++;
            at = field.indexOf('\n', at + 1);
          }
        }
      }
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
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') {
      throw sourceError('SOURCE_UNREADABLE', `cannot read the file (${code})`, { file }, undefined, error);
    }
    throw sourceError('SOURCE_CSV_SYNTAX', `the file is not valid CSV: ${(error as Error).message}`, { file, row: line }, 'look for an unclosed quote at or after this line', error);
  }
}

function chooseEncoding(
  verdict: ReturnType<typeof detectEncoding>,
  wanted: NonNullable<SourceOptions['encoding']>,
  file: string,
): TextEncodingName {
  if (wanted !== 'auto') {
    if (wanted === 'utf8' && verdict.kind === 'not-utf8') {
      throw sourceError('SOURCE_BAD_ENCODING', 'the file is not valid UTF-8', { file }, 'it may be GB18030/GBK: set the encoding to gb18030 (or auto)');
    }
    return wanted;
  }
  if (verdict.kind === 'text') return verdict.encoding;
  if (verdict.kind === 'not-utf8' && verdict.gb18030) return 'gb18030';
  // Decoding as GB18030 anyway would turn Latin-1 `Zürich` into `Z黵ich` without a word.
  throw sourceError(
    'SOURCE_ENCODING_UNCERTAIN',
    'the file is not UTF-8, and it does not read as GB18030/GBK either (it may be Latin-1/Windows-1252, or mix encodings)',
    { file },
    'save it as UTF-8 (Excel: "CSV UTF-8"); if it really is GB18030/GBK, set encoding: gb18030 in the mapping\'s input section or pass --encoding gb18030',
  );
}

function decodeSample(bytes: Uint8Array, encoding: TextEncodingName): string {
  return new TextDecoder(encoding === 'utf8' ? 'utf-8' : encoding === 'utf16le' ? 'utf-16le' : 'gb18030').decode(bytes);
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

async function readSample(file: string): Promise<{ sample: Uint8Array; complete: boolean }> {
  const handle = await openSourceFile(file);
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return { sample: buffer.subarray(0, Math.min(bytesRead, SAMPLE_BYTES)), complete: bytesRead <= SAMPLE_BYTES };
  } catch (error) {
    throw sourceError('SOURCE_UNREADABLE', 'cannot read the file', { file }, 'is it a directory?', error);
  } finally {
    await handle.close();
  }
}
