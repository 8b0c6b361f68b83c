import type { CellValue, InferredCell, SourceHeader, SourceIssue, SourceRow, TableSource } from './source-types.js';
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
  /** Physical rows in order, in batches (one promise per batch, not per row); blank rows may be absent. */
  readonly rows: AsyncIterator<RawRow[]>;
  /** Merged ranges when known before the rows (SheetJS); see `HeaderInput.merges`. */
  readonly merges: readonly MergeRange[] | undefined;
  /** Releases the file; called on any failure, at the end of the rows and by `close()`. */
  readonly close: () => Promise<void>;
  /** Where the reader is, 0..1, as of the last batch it handed over (see `TableSource.readFraction`). @default undefined (unknown until the end) */
  readonly readFraction?: () => number;
}

/**
 * Reads up to the header, then exposes the data rows lazily, by the same rules for every format
 * ({@link SourceOptions}). A short row is padded with `null` (exports drop trailing empty fields); a
 * value right of the last named column is kept with `SOURCE_RAGGED_ROW`.
 */
export async function assembleTable(raw: RawTable, options: SourceOptions): Promise<TableSource> {
  try {
    return await assemble(raw, options);
  } catch (error) {
    await raw.close();
    throw error;
  }
}

async function assemble(raw: RawTable, options: SourceOptions): Promise<TableSource> {
  const where = { file: raw.file, ...(raw.sheet === undefined ? {} : { sheet: raw.sheet }) };
  const headerRows = Math.max(1, options.headerRows ?? 1);
  const cursor = new RowCursor(raw.rows);
  const queue: RawRow[] = [];
  const pull = (): Promise<RawRow | undefined> => cursor.pull();
  const headerRow = options.headerRow ?? (await findHeaderRow(pull, queue, headerRows));
  if (headerRow === undefined) {
    throw sourceError('SOURCE_EMPTY', 'the input holds no table (no non-blank row)', where, 'check that this is the right file and sheet');
  }
  // Read on to the header row; rows after it stay queued for the data.
  while (!cursor.ended && (queue.length === 0 || queue[queue.length - 1]!.rowNumber < headerRow)) {
    const row = await pull();
    if (row) queue.push(row);
  }
  const collected: RawRow[] = [];
  while (queue.length > 0 && queue[0]!.rowNumber <= headerRow) {
    const row = queue.shift()!;
    if (row.rowNumber > headerRow - headerRows) collected.push(row);
  }
  const last = collected[collected.length - 1];
  if (!last || last.rowNumber !== headerRow || last.cells.every(isEmptyCell)) {
    throw sourceError(
      'SOURCE_HEADER_NOT_FOUND',
      queue.length > 0 || last ? `header row ${headerRow} is blank` : `header row ${headerRow} is beyond the end of the table`,
      { ...where, row: headerRow },
      'set the header row to the row that holds the column names (1-based, as the spreadsheet shows it)',
    );
  }
  const byNumber = new Map(collected.map((r) => [r.rowNumber, r.cells] as const));
  const headerCells: CellValue[][] = [];
  for (let n = headerRow - headerRows + 1; n <= headerRow; n++) headerCells.push(byNumber.get(n) ?? []);
  const built = buildHeader({ file: raw.file, sheet: raw.sheet, headerRow, rows: headerCells, merges: raw.merges });
  const header: SourceHeader = options.headerRow === undefined ? { ...built.header, detected: true } : built.header;
  const offset = built.offset;
  const dataStart = options.dataStartRow ?? headerRow + 1;
  const skip = new Set(options.skipRows ?? []);
  let started = false;
  let closed = false;
  let ended = false;
  // Where the reader was when the batch before this one and this one were handed over: the rows of
  // a batch (64 KiB of CSV, a chunk of sheet XML) are placed evenly between the two.
  let from = 0;
  let to = 0;
  const reader = (): number => {
    const at = raw.readFraction?.() ?? 0;
    // Clamped and held: a zip directory's size can lie, and a file can grow while it is read.
    return Number.isFinite(at) ? Math.max(to, Math.min(1, at)) : to;
  };
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    // Let a reader's generator run its cleanup; not awaited, as it may be parked on a stream that
    // closing the file ends.
    if (!cursor.ended) raw.rows.return?.(undefined).catch(() => undefined);
    await raw.close();
  };

  // Rows read while looking for the header, then the rest of the current batch, then later batches.
  let batch: RawRow[] = [...queue, ...cursor.takeRest()];
  let index = 0;
  to = reader();
  const readFraction = (): number => (ended ? 1 : batch.length === 0 ? to : from + ((to - from) * index) / batch.length);
  const fail = async (error: unknown): Promise<never> => {
    await close();
    throw error;
  };
  const done: IteratorReturnResult<undefined> = { done: true, value: undefined };
  // A hand-written iterator: a row already in the batch costs one resolved promise, no generator.
  const next = (): Promise<IteratorResult<SourceRow>> => {
    while (index < batch.length) {
      const row = batch[index++]!;
      if (row.rowNumber < dataStart || (skip.size > 0 && skip.has(row.rowNumber))) continue;
      const shaped = shapeRow(row, header, offset);
      if (shaped) return Promise.resolve({ done: false, value: shaped });
    }
    return refill();
  };
  const refill = async (): Promise<IteratorResult<SourceRow>> => {
    if (closed) return done;
    let result: IteratorResult<RawRow[]>;
    try {
      result = cursor.ended ? done : await raw.rows.next();
    } catch (error) {
      return fail(error);
    }
    if (result.done) {
      ended = true;
      await close();
      return done;
    }
    batch = result.value;
    index = 0;
    from = to;
    to = reader();
    return next();
  };
  const rows = (): AsyncIterable<SourceRow> => {
    if (started) throw sourceError('SOURCE_REREAD', 'the rows of a table can be read only once', where);
    started = true;
    return {
      [Symbol.asyncIterator]: () => ({
        next,
        return: async () => {
          batch = [];
          index = 0;
          await close();
          return done;
        },
      }),
    };
  };
  return { header, rows, close, readFraction };
}

/** Aligns one raw row with the header; `undefined` for a blank row (no value and no issue). */
function shapeRow(row: RawRow, header: SourceHeader, offset: number): SourceRow | undefined {
  const cells = row.cells;
  const width = header.names.length;
  let blank = true;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (v === '') cells[i] = null;
    else if (v !== null && v !== undefined) blank = false;
  }
  // An error cell reads as empty but is not: a row whose only cells are errors must travel on.
  if (blank && (row.issues === undefined || row.issues.length === 0)) return undefined;
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
  if (extra >= 0) {
    issues = [
      {
        code: 'SOURCE_RAGGED_ROW',
        message: `row ${row.rowNumber} has a value in column ${columnLetter(extra)}, right of the last named column`,
        columnIndex: undefined,
        found: String(cells[extra]),
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
  if (row.percent !== undefined || row.inferred !== undefined) {
    const percent = row.percent === undefined ? undefined : alignedPercent(row.percent, offset, width);
    const inferred = row.inferred === undefined ? undefined : alignedInferred(row.inferred, offset, width);
    if (percent || inferred) {
      return {
        header,
        rowNumber: row.rowNumber,
        values,
        issues: issues ?? NO_ISSUES,
        ...(percent ? { percent } : {}),
        ...(inferred ? { inferred } : {}),
      };
    }
  }
  if (row.digest !== undefined) return { header, rowNumber: row.rowNumber, values, issues: issues ?? NO_ISSUES, digest: row.digest };
  return { header, rowNumber: row.rowNumber, values, issues: issues ?? NO_ISSUES };
}

/** The percent flags of a row's table columns; `undefined` when none is set. */
function alignedPercent(flags: readonly boolean[], offset: number, width: number): boolean[] | undefined {
  const out: boolean[] = new Array<boolean>(width).fill(false);
  let any = false;
  for (let i = 0; i < width; i++) {
    if (flags[offset + i] === true) {
      out[i] = true;
      any = true;
    }
  }
  return any ? out : undefined;
}

/** What was inferred of a row's table columns, as {@link alignedPercent}; `undefined` when nothing was. */
function alignedInferred(
  cells: readonly (InferredCell | undefined)[],
  offset: number,
  width: number,
): (InferredCell | undefined)[] | undefined {
  let out: (InferredCell | undefined)[] | undefined;
  const end = Math.min(cells.length, offset + width);
  for (let i = offset; i < end; i++) {
    const cell = cells[i];
    if (cell !== undefined) (out ??= new Array<InferredCell | undefined>(width).fill(undefined))[i - offset] = cell;
  }
  return out;
}

const NO_ISSUES: readonly SourceIssue[] = Object.freeze([]);

/** How many non-blank rows are searched for the header when no header row is given. */
export const HEADER_SCAN_ROWS = 20;

/** Finds the header row (see {@link assembleTable}), queueing every row it reads. */
async function findHeaderRow(pull: () => Promise<RawRow | undefined>, queue: RawRow[], headerRows: number): Promise<number | undefined> {
  let first: number | undefined;
  let seen = 0;
  while (seen < HEADER_SCAN_ROWS) {
    const row = await pull();
    if (!row) break;
    queue.push(row);
    let filled = 0;
    for (const cell of row.cells) if (!isEmptyCell(cell)) filled++;
    if (filled === 0) continue;
    seen++;
    first ??= row.rowNumber;
    if (filled >= 2) return row.rowNumber + headerRows - 1;
  }
  return first === undefined ? undefined : first + headerRows - 1;
}

/** Pulls single rows out of a reader's batches. */
class RowCursor {
  ended = false;
  private batch: RawRow[] = [];
  private index = 0;

  constructor(private readonly source: AsyncIterator<RawRow[]>) {}

  async pull(): Promise<RawRow | undefined> {
    while (this.index >= this.batch.length) {
      if (this.ended) return undefined;
      const next = await this.source.next();
      if (next.done) {
        this.ended = true;
        return undefined;
      }
      this.batch = next.value;
      this.index = 0;
    }
    return this.batch[this.index++];
  }

  /** The rows of the current batch not pulled yet. */
  takeRest(): RawRow[] {
    const rest = this.batch.slice(this.index);
    this.batch = [];
    this.index = 0;
    return rest;
  }
}
