import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { MgeError } from '../errors/mge-error.js';
import type { RowProblem } from '../mapping/record-types.js';
import type { CellValue } from '../sources/source-types.js';
import { cellValueText } from '../sources/cell-value-text.js';
import { csvField } from '../util/csv-field.js';
import { waitForDrain } from '../util/wait-for-drain.js';

/**
 * The columns a CSV fix file adds after the input's own columns. Their names start with `_` so they
 * rarely meet a real header; a mapping ignores columns it does not name, so the file can be fixed and
 * fed back to `validate`/`ingest` as it is. Input columns bearing these names (left by an earlier
 * round of fixing) are dropped, so fixing twice does not stack them.
 */
export const FIX_COLUMNS = ['_status', '_file', '_sheet', '_row', '_cells', '_codes', '_errors'] as const;

/** One row that did not upload (or, for `validate`, did not validate), as both fix files write it. */
export interface FixRow {
  readonly status: 'invalid' | 'failed' | 'uncertain';
  readonly file: string;
  readonly sheet: string | undefined;
  /** Every source row of the record (several with `groupBy`). */
  readonly rows: readonly number[];
  readonly key: string | undefined;
  /** For invalid rows: every problem with its cell. */
  readonly problems: readonly RowProblem[];
  /** One text per error: a problem, or the platform's answer to a failed or uncertain upload. */
  readonly errors: readonly string[];
  /** Error codes, without repeats. */
  readonly codes: readonly string[];
  /** The input cells by header. */
  readonly sourceValues: Readonly<Record<string, CellValue>>;
}

/** A fix file being written. */
export interface FixFile {
  readonly file: string;
  readonly format: 'csv' | 'jsonl';
  write(row: FixRow): Promise<void>;
  /** Flushes and closes the file; safe to call twice. */
  close(): Promise<void>;
}

/** `D17 (屈服强度) content.屈服强度 VALUE_NOT_A_NUMBER: the cell is not a number, found "1,0x"` for one problem. */
export function describeRowProblem(p: RowProblem): string {
  const where = p.location.cell ?? `row ${p.location.row}`;
  const header = p.location.header ? ` (${p.location.header})` : '';
  const field = p.field ? ` ${p.field}` : '';
  const expected = p.expected === undefined ? '' : `, expected ${p.expected}`;
  const found = p.found === undefined ? '' : `, found ${JSON.stringify(p.found)}`;
  return `${where}${header}${field} ${p.code}: ${p.message}${expected}${found}`;
}

/** The union of the inputs' columns in order of first appearance, without {@link FIX_COLUMNS}. */
export function fixColumns(headers: Iterable<readonly string[]>): string[] {
  const seen = new Set<string>(FIX_COLUMNS);
  const out: string[] = [];
  for (const names of headers) {
    for (const name of names) {
      if (seen.has(name)) continue;
      seen.add(name);
      out.push(name);
    }
  }
  return out;
}

/**
 * Opens the file of rows to fix, written by `validate --errors` and `report --failed-out` alike, by
 * extension: `.csv` (UTF-8 with a BOM so Excel reads Chinese headers right; `columns`, then
 * {@link FIX_COLUMNS}) or `.jsonl`/`.ndjson` (one object per row: `status`, `file`, `sheet`, `row`,
 * `rows`, `key`, `codes`, `errors`, `problems`, `sourceValues` with typed values). `columns` is the
 * union of every input's header (see {@link fixColumns}), known before the first row, so rows of
 * inputs with different headers all keep their cells; a cell under a column not in `columns` is
 * left out of the CSV (JSON lines keep every cell).
 * @param flag The option that named the file, for error locations.
 * @throws MgeError `ERRORS_FILE_EXTENSION` and `ERRORS_FILE_UNWRITABLE` (kind `usage`).
 */
export async function openFixFile(file: string, columns: readonly string[], flag: string): Promise<FixFile> {
  const ext = path.extname(file).toLowerCase();
  const format = ext === '.csv' ? 'csv' : ext === '.jsonl' || ext === '.ndjson' ? 'jsonl' : undefined;
  if (format === undefined) {
    throw new MgeError('usage', 'ERRORS_FILE_EXTENSION', `cannot tell the format of ${flag} from "${ext || 'no extension'}"`, {
      location: { field: flag, file },
      hint: 'Name the file .csv (to fix in a spreadsheet and feed again) or .jsonl.',
    });
  }
  const stream: WriteStream = createWriteStream(file);
  let failure: Error | undefined;
  const unwritable = (error: unknown): MgeError =>
    new MgeError('usage', 'ERRORS_FILE_UNWRITABLE', `cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`, {
      location: { field: flag, file },
      hint: 'Check the directory exists and is writable.',
      cause: error,
    });
  await Promise.race([once(stream, 'open'), once(stream, 'error').then(([error]) => Promise.reject(error as Error))]).catch((error: unknown) => {
    throw unwritable(error);
  });
  stream.on('error', (error) => {
    failure = error;
  });
  let started = false;
  let closed = false;
  const put = async (text: string): Promise<void> => {
    if (failure !== undefined) throw unwritable(failure);
    if (!stream.write(text)) await waitForDrain(stream);
  };
  return {
    file,
    format,
    async write(row) {
      if (format === 'jsonl') {
        const { status, file: input, sheet, rows, key, codes, errors, sourceValues } = row;
        const problems = row.problems.map((p) => ({ code: p.code, message: p.message, cell: p.location.cell, row: p.location.row, column: p.location.column, header: p.location.header, field: p.field, expected: p.expected, found: p.found }));
        return put(`${JSON.stringify({ status, file: input, sheet, row: rows[0], rows, key, codes, errors, problems, sourceValues })}\n`);
      }
      if (!started) {
        started = true;
        await put(`\uFEFF${[...columns, ...FIX_COLUMNS].map(csvField).join(',')}\r\n`);
      }
      const cells = [...new Set(row.problems.map((p) => p.location.cell).filter((c): c is string => c !== undefined))];
      const values = [
        ...columns.map((c) => cellValueText(row.sourceValues[c])),
        row.status,
        row.file,
        row.sheet ?? '',
        row.rows.join(' '),
        cells.join(' '),
        row.codes.join(' '),
        row.errors.join('; '),
      ];
      await put(`${values.map(csvField).join(',')}\r\n`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(unwritable(error)) : resolve())));
      if (failure !== undefined) throw unwritable(failure);
    },
  };
}
