import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import type { RowProblem } from '../template/record-types.js';
import type { CellValue } from '../sources/source-types.js';
import { cellValueText } from '../sources/cell-value-text.js';
import { csvField } from '../util/csv-field.js';
import { unwritableFile } from '../util/open-text-sink.js';
import { waitForDrain } from '../util/wait-for-drain.js';
import { neutralizeFormula } from './neutralize-formula.js';
import { openXlsxSheetWriter } from './open-xlsx-sheet-writer.js';
import { ReportError } from './report-errors.js';

/**
 * The columns a fix file adds after the input's own, named `_…` so they rarely meet a real header and
 * a mapping ignores them; input columns of these names (an earlier round) are dropped, not stacked.
 */
export const FIX_COLUMNS = ['_status', '_file', '_sheet', '_row', '_cells', '_codes', '_errors'] as const;

/** One row that did not upload (or, for `validate`, did not validate), as both fix files write it. */
export interface FixRow {
  /** `stray`: a platform workbook's row of no record (its `数据ID` on no row of sheet 1). */
  readonly status: 'invalid' | 'failed' | 'uncertain' | 'stray';
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
  readonly format: 'csv' | 'xlsx' | 'jsonl';
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

/** How {@link openFixFile} names what it writes. */
export interface FixFileOptions {
  /**
   * The sheets the rows come from (`undefined` for CSV inputs). When they are all one named sheet, the
   * sheet of an `.xlsx` fix file takes its name, so a mapping that names its sheet reads the fix file
   * too; otherwise it is `rows to fix`. @default []
   */
  readonly sheets?: Iterable<string | undefined>;
}

function fixSheetName(sheets: Iterable<string | undefined>): string {
  const names = new Set(sheets);
  const [only] = names;
  return names.size === 1 && only !== undefined ? only : 'rows to fix';
}

/** The format a fix file's name asks for. */
function formatOf(file: string, flag: string): FixFile['format'] {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.xlsx') return 'xlsx';
  if (ext === '.jsonl' || ext === '.ndjson') return 'jsonl';
  throw new ReportError('ERRORS_FILE_EXTENSION', `cannot tell the format of ${flag} from "${ext || 'no extension'}"`, {
    location: { field: flag, file },
    hint: 'Name the file .xlsx or .csv (to fix in a spreadsheet and feed again), or .jsonl.',
  });
}

/** The `_status … _errors` columns of one row, as text for people. */
function noteCells(row: FixRow): string[] {
  const cells = [...new Set(row.problems.map((p) => p.location.cell).filter((c): c is string => c !== undefined))];
  return [row.status, row.file, row.sheet ?? '', row.rows.join(' '), cells.join(' '), row.codes.join(' '), row.errors.join('; ')];
}

/**
 * Opens the file of rows to fix by extension (`.csv`, `.xlsx`, `.jsonl`/`.ndjson`; ARCHITECTURE.md →
 * "Upload and the report", One format of rows to fix): `columns` (the inputs' header union) then
 * {@link FIX_COLUMNS}; other cells go only to JSON lines.
 * @param flag The option that named the file, for error locations.
 * @throws ReportError `ERRORS_FILE_EXTENSION` and `ERRORS_FILE_UNWRITABLE` (kind `usage`).
 */
export async function openFixFile(file: string, columns: readonly string[], flag: string, options: FixFileOptions = {}): Promise<FixFile> {
  const format = formatOf(file, flag);
  const stream: WriteStream = createWriteStream(file);
  let failure: Error | undefined;
  const unwritable = unwritableFile('ERRORS_FILE_UNWRITABLE', file, flag);
  await Promise.race([once(stream, 'open'), once(stream, 'error').then(([error]) => Promise.reject(error as Error))]).catch(
    (error: unknown) => {
      throw unwritable(error);
    },
  );
  stream.on('error', (error) => {
    failure = error;
  });
  const put = async (text: string): Promise<void> => {
    if (failure !== undefined) throw unwritable(failure);
    if (!stream.write(text)) await waitForDrain(stream);
  };
  const header = [...columns, ...FIX_COLUMNS];
  const sheet = format === 'xlsx' ? openXlsxSheetWriter(stream, fixSheetName(options.sheets ?? [])) : undefined;
  let started = false;
  let closed = false;
  return {
    file,
    format,
    async write(row) {
      if (format === 'jsonl') {
        const { status, file: input, sheet: sheetName, rows, key, codes, errors, sourceValues } = row;
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
        return put(
          `${JSON.stringify({ status, file: input, sheet: sheetName, row: rows[0], rows, key, codes, errors, problems, sourceValues })}\n`,
        );
      }
      if (failure !== undefined) throw unwritable(failure);
      if (sheet !== undefined) {
        if (!started) await sheet.addRow(header);
        started = true;
        // Numbers stay numbers (exact); every other value is the text the CSV would hold.
        const cells = columns.map((c) => {
          const value = row.sourceValues[c];
          return typeof value === 'number' ? value : cellValueText(value);
        });
        return sheet.addRow([...cells, ...noteCells(row)]);
      }
      if (!started) await put(`\uFEFF${header.map(csvField).join(',')}\r\n`);
      started = true;
      const values = [...columns.map((c) => cellValueText(row.sourceValues[c])), ...noteCells(row).map(neutralizeFormula)];
      await put(`${values.map(csvField).join(',')}\r\n`);
    },
    async close() {
      if (closed) return;
      closed = true;
      if (sheet !== undefined) {
        if (!started) await sheet.addRow(header);
        // exceljs ends the stream itself once the workbook is complete.
        await sheet.close().catch((error: unknown) => {
          throw unwritable(error);
        });
      } else {
        await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(unwritable(error)) : resolve())));
      }
      if (failure !== undefined) throw unwritable(failure);
    },
  };
}
