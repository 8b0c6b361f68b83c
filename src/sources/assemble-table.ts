import type { CellValue, SourceHeader, SourceIssue, SourceRow, TableSource } from './source-types.js';
import type { SourceOptions } from './source-options.js';
import type { MergeRange, RawRow } from './raw-row.js';
import { buildHeader } from './build-header.js';
import { isEmptyCell } from './cell-text.js';
import { columnLetter } from './column-letter.js';
import { sourceError } from './source-error.js';

/** What a format reader hands to {@link assembleTable}. */
export interface RawTable {
  readonly file: string;
  readonly sheet: string | undefined;
  /** Physical rows in order; blank rows may be absent. */
  readonly rows: AsyncIterator<RawRow>;
  /** Merged ranges when known before the rows (SheetJS); see `HeaderInput.merges`. */
  readonly merges: readonly MergeRange[] | undefined;
  /** Releases the file; called on any failure, at the end of the rows and by `close()`. */
  readonly close: () => Promise<void>;
}

/**
 * Reads up to the header, then exposes the data rows lazily. Rules, the same for every format:
 * - without `headerRow`, the header is the first non-blank row; with it, exactly that row;
 * - data rows start at `dataStartRow` (default: the row after the header); `skipRows` and blank rows
 *   (every cell empty) are skipped;
 * - a row shorter than the header is padded with `null`; a CSV row of another length than the header,
 *   or any row with a value right of the last named column, carries `SOURCE_RAGGED_ROW` and is kept.
 */
export async function assembleTable(raw: RawTable, options: SourceOptions, ragged: 'text' | 'workbook'): Promise<TableSource> {
  try {
    return await assemble(raw, options, ragged);
  } catch (error) {
    await raw.close();
    throw error;
  }
}

async function assemble(raw: RawTable, options: SourceOptions, ragged: 'text' | 'workbook'): Promise<TableSource> {
  const where = { file: raw.file, ...(raw.sheet === undefined ? {} : { sheet: raw.sheet }) };
  const headerRows = Math.max(1, options.headerRows ?? 1);
  let headerRow = options.headerRow;
  const collected: RawRow[] = [];
  let pending: RawRow | undefined;
  let seenAny = false;
  for (;;) {
    const next = await raw.rows.next();
    if (next.done) break;
    const row = next.value;
    const blank = row.cells.every(isEmptyCell);
    if (!blank) seenAny = true;
    if (headerRow === undefined) {
      if (blank) continue;
      headerRow = row.rowNumber + headerRows - 1;
    }
    if (row.rowNumber > headerRow) {
      pending = row;
      break;
    }
    if (row.rowNumber > headerRow - headerRows) collected.push(row);
  }
  if (headerRow === undefined || !seenAny) {
    throw sourceError('SOURCE_EMPTY', 'the input holds no table (no non-blank row)', where, 'check that this is the right file and sheet');
  }
  const last = collected[collected.length - 1];
  if (!last || last.rowNumber !== headerRow || last.cells.every(isEmptyCell)) {
    const lastSeen = pending ? undefined : collected[collected.length - 1]?.rowNumber;
    throw sourceError(
      'SOURCE_HEADER_NOT_FOUND',
      pending || lastSeen !== undefined ? `header row ${headerRow} is blank` : `header row ${headerRow} is beyond the end of the table`,
      { ...where, row: headerRow },
      'set the header row to the row that holds the column names (1-based, as the spreadsheet shows it)',
    );
  }
  const byNumber = new Map(collected.map((r) => [r.rowNumber, r.cells] as const));
  const headerCells: CellValue[][] = [];
  for (let n = headerRow - headerRows + 1; n <= headerRow; n++) headerCells.push(byNumber.get(n) ?? []);
  const { header, offset } = buildHeader({ file: raw.file, sheet: raw.sheet, headerRow, rows: headerCells, merges: raw.merges });
  const dataStart = options.dataStartRow ?? headerRow + 1;
  const skip = new Set(options.skipRows ?? []);
  let started = false;
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await raw.close();
  };

  async function* rows(): AsyncGenerator<SourceRow> {
    if (started) throw sourceError('SOURCE_REREAD', 'the rows of a table can be read only once', where);
    started = true;
    try {
      let row = pending;
      pending = undefined;
      for (;;) {
        if (row === undefined) {
          const next = await raw.rows.next();
          if (next.done) break;
          row = next.value;
        }
        if (row.rowNumber >= dataStart && !skip.has(row.rowNumber)) {
          const shaped = shapeRow(row, header, offset, ragged);
          if (shaped) yield shaped;
        }
        row = undefined;
      }
    } finally {
      await close();
    }
  }
  return { header, rows, close };
}

/** Aligns one raw row with the header; `undefined` for a blank row. */
function shapeRow(row: RawRow, header: SourceHeader, offset: number, ragged: 'text' | 'workbook'): SourceRow | undefined {
  const cells = row.cells;
  const width = header.names.length;
  let blank = true;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (v === '') cells[i] = null;
    else if (v !== null && v !== undefined) blank = false;
  }
  if (blank) return undefined;
  let values: CellValue[];
  if (offset === 0 && cells.length === width) values = cells;
  else {
    values = cells.slice(offset, offset + width);
    while (values.length < width) values.push(null);
  }
  let issues: SourceIssue[] | undefined;
  let extra = -1;
  for (let i = offset + width; i < cells.length; i++) {
    if (cells[i] !== null && cells[i] !== undefined) {
      extra = i;
      break;
    }
  }
  const shortText = ragged === 'text' && cells.length < offset + width;
  if (extra >= 0 || shortText) {
    issues = [
      {
        code: 'SOURCE_RAGGED_ROW',
        message:
          extra >= 0
            ? `row ${row.rowNumber} has a value in column ${columnLetter(extra)}, right of the last named column`
            : `row ${row.rowNumber} has ${cells.length} fields where the header has ${offset + width}`,
        columnIndex: undefined,
        found: extra >= 0 ? String(cells[extra]) : String(cells.length),
      },
    ];
  }
  if (row.issues) {
    for (const issue of row.issues) {
      const at = issue.columnIndex === undefined ? undefined : issue.columnIndex - offset;
      const placed: SourceIssue = { ...issue, columnIndex: at !== undefined && at >= 0 && at < width ? at : undefined };
      (issues ??= []).push(placed);
    }
  }
  return { header, rowNumber: row.rowNumber, values, issues: issues ?? NO_ISSUES };
}

const NO_ISSUES: readonly SourceIssue[] = Object.freeze([]);
