import type { ReadOptions, TableSource } from './source-types.js';
import type { SourceOptions } from './source-options.js';
import { assembleTable } from './assemble-table.js';
import { csvRecords, type CsvReadPlan } from './csv-records.js';
import { readsOnWorker, threadedCsvRecords, type CsvThread } from './threaded-csv-records.js';
import { detectEncoding, type TextEncodingName } from './detect-encoding.js';
import { sniffDelimiter, type Delimiter } from './sniff-delimiter.js';
import { sourceError } from './source-error.js';
import { openSourceFile } from './open-source-file.js';

/** Bytes read up front to decide the encoding and the delimiter. */
const SAMPLE_BYTES = 64 * 1024;

/**
 * Opens a CSV/TSV: encoding and delimiter from the first 64 KiB unless given, then records streamed
 * ({@link CsvThread} for a large file); cells are text or `null`, `rowNumber` the record's first line.
 * @throws MgeError `SOURCE_EMPTY`, `SOURCE_NOT_TEXT`, `SOURCE_BAD_ENCODING`, `SOURCE_ENCODING_UNCERTAIN`,
 *   `SOURCE_HEADER_NOT_FOUND`, `SOURCE_DUPLICATE_HEADER`, `SOURCE_UNREADABLE`.
 */
export async function openCsv(
  file: string,
  options: SourceOptions = {},
  thread: CsvThread = 'auto',
  read: ReadOptions = {},
): Promise<TableSource> {
  const where = { file };
  const { sample, complete, size } = await readSample(file);
  if (sample.length === 0) {
    throw sourceError('SOURCE_EMPTY', 'the file is empty', where, 'check that this is the right file');
  }
  const verdict = detectEncoding(sample, complete);
  if (verdict.kind === 'binary' && options.encoding !== 'utf16le') {
    throw sourceError(
      'SOURCE_NOT_TEXT',
      'the file is not text (it holds NUL bytes)',
      where,
      'a CSV/TSV file must be plain text; save the sheet as CSV or read the workbook itself',
    );
  }
  const encoding = chooseEncoding(verdict, options.encoding ?? 'auto', file);
  const bom = verdict.kind === 'text' && verdict.encoding === encoding ? verdict.bom : 0;
  const head = decodeSample(sample.subarray(bom), encoding);
  if (head.trim() === '') {
    throw sourceError('SOURCE_EMPTY', 'the file holds only blank lines', where, 'check that this is the right file');
  }
  const delimiter: Delimiter =
    options.delimiter === undefined || options.delimiter === 'auto'
      ? sniffDelimiter(head, file.toLowerCase().endsWith('.tsv') ? '\t' : ',', complete)
      : options.delimiter;

  // A GB18030 guess made from the sample is checked on (the user's explicit choice is not).
  const plan: CsvReadPlan = {
    file,
    start: bom,
    encoding,
    guessed: encoding === 'gb18030' && (options.encoding ?? 'auto') === 'auto',
    delimiter,
    ...(read.digests === true ? { digests: true } : {}),
  };
  const { rows, close, bytesRead } = (await readsOnWorker(file, thread)) ? threadedCsvRecords(plan) : csvRecords(plan);
  return assembleTable({ file, sheet: undefined, rows, merges: undefined, close, readFraction: () => bytesRead() / size }, options);
}

function chooseEncoding(
  verdict: ReturnType<typeof detectEncoding>,
  wanted: NonNullable<SourceOptions['encoding']>,
  file: string,
): TextEncodingName {
  if (wanted !== 'auto') {
    if (wanted === 'utf8' && verdict.kind === 'not-utf8') {
      throw sourceError(
        'SOURCE_BAD_ENCODING',
        'the file is not valid UTF-8',
        { file },
        'it may be GB18030/GBK: set the encoding to gb18030 (or auto)',
      );
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
    'save it as UTF-8 (Excel: "CSV UTF-8"); if it really is GB18030/GBK, set `encoding: gb18030` in the mapping\'s `input` section',
  );
}

function decodeSample(bytes: Uint8Array, encoding: TextEncodingName): string {
  return new TextDecoder(encoding === 'utf8' ? 'utf-8' : encoding === 'utf16le' ? 'utf-16le' : 'gb18030').decode(bytes);
}

async function readSample(file: string): Promise<{ sample: Uint8Array; complete: boolean; size: number }> {
  const handle = await openSourceFile(file);
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const { size } = await handle.stat();
    return { sample: buffer.subarray(0, Math.min(bytesRead, SAMPLE_BYTES)), complete: bytesRead <= SAMPLE_BYTES, size };
  } catch (error) {
    throw sourceError('SOURCE_UNREADABLE', 'cannot read the file', { file }, 'is it a directory?', error);
  } finally {
    await handle.close();
  }
}
