import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { MgeError } from '../errors/mge-error.js';
import type { MappedRow } from '../mapping/mapped-row.js';
import type { RowProblem } from '../mapping/record-types.js';
import { cellValueText } from '../sources/cell-value-text.js';
import { csvField } from '../util/csv-field.js';

/** An error file being written: one line per invalid record. */
export interface ErrorFile {
  readonly file: string;
  readonly format: 'csv' | 'jsonl';
  /** Appends one invalid record (valid ones are ignored). */
  write(row: MappedRow): Promise<void>;
  /** Flushes and closes the file; safe to call twice. */
  close(): Promise<void>;
}

/** The error columns appended after the original columns of a CSV error file. */
export const ERROR_COLUMNS = ['_file', '_sheet', '_row', '_cells', '_codes', '_errors'] as const;



/** `D17 (屈服强度) 屈服强度 VALUE_NOT_A_NUMBER: expected …, found …` for one problem. */
export function describeRowProblem(p: RowProblem): string {
  const where = p.location.cell ?? `row ${p.location.row}`;
  const header = p.location.header ? ` (${p.location.header})` : '';
  const field = p.field ? ` ${p.field}` : '';
  const expected = p.expected === undefined ? '' : `, expected ${p.expected}`;
  const found = p.found === undefined ? '' : `, found ${JSON.stringify(p.found)}`;
  return `${where}${header}${field} ${p.code}: ${p.message}${expected}${found}`;
}

function jsonLine(row: MappedRow): string {
  const { file, sheet, row: first } = row.location;
  const problems = row.problems.map((p) => ({
    code: p.code,
    message: p.message,
    cell: p.location.cell,
    row: p.location.row,
    column: p.location.column,
    header: p.location.header,
    field: p.field,
    expected: p.expected,
    found: p.found,
  }));
  return `${JSON.stringify({ file, sheet, row: first, rows: row.rowNumbers, key: row.key, problems, sourceValues: row.sourceValues })}\n`;
}

/**
 * Opens an error file for the invalid records of a run, by extension: `.csv` (UTF-8 with a BOM so
 * Excel reads the Chinese headers; the original columns first, in their order, then
 * {@link ERROR_COLUMNS}) or `.jsonl`/`.ndjson` (one object per record with `problems` and
 * `sourceValues`). Both carry the original cell values, so the rows can be fixed and fed again. A CSV
 * takes its columns from the first invalid record; inputs with other headers are better written as
 * JSON lines, which keep every record's own columns.
 * @throws MgeError `ERRORS_FILE_EXTENSION` (kind `usage`) for another extension.
 */
export async function openErrorFile(file: string): Promise<ErrorFile> {
  const ext = path.extname(file).toLowerCase();
  const format = ext === '.csv' ? 'csv' : ext === '.jsonl' || ext === '.ndjson' ? 'jsonl' : undefined;
  if (format === undefined) {
    throw new MgeError('usage', 'ERRORS_FILE_EXTENSION', `cannot tell the error file's format from "${ext || 'no extension'}"`, {
      location: { field: '--errors', file },
      hint: 'Name the error file .csv or .jsonl.',
    });
  }
  const stream: WriteStream = createWriteStream(file);
  await Promise.race([once(stream, 'open'), once(stream, 'error').then(([error]) => Promise.reject(error as Error))]).catch((error: unknown) => {
    throw new MgeError('usage', 'ERRORS_FILE_UNWRITABLE', `cannot write the error file: ${error instanceof Error ? error.message : String(error)}`, {
      location: { field: '--errors', file },
      hint: 'Check the directory exists and is writable.',
      cause: error,
    });
  });
  let columns: string[] | undefined;
  let closed = false;
  const put = async (text: string): Promise<void> => {
    if (!stream.write(text)) await once(stream, 'drain');
  };
  return {
    file,
    format,
    async write(row) {
      if (row.problems.length === 0) return;
      if (format === 'jsonl') return put(jsonLine(row));
      if (columns === undefined) {
        columns = Object.keys(row.sourceValues);
        await put(`\uFEFF${[...columns, ...ERROR_COLUMNS].map(csvField).join(',')}\r\n`);
      }
      const cells = [...new Set(row.problems.map((p) => p.location.cell).filter((c): c is string => c !== undefined))];
      const codes = [...new Set(row.problems.map((p) => p.code))];
      const values = [
        ...columns.map((c) => cellValueText(row.sourceValues[c])),
        row.location.file,
        row.location.sheet ?? '',
        row.rowNumbers.join(' '),
        cells.join(' '),
        codes.join(' '),
        row.problems.map(describeRowProblem).join('; '),
      ];
      await put(`${values.map(csvField).join(',')}\r\n`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
    },
  };
}
