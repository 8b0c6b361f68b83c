import type { SourceHeader, SourceRow } from '../../sources/source-types.js';
import type { RowLocation, RowProblem } from '../../template/record-types.js';

/** The cell a field value came from. */
export interface TracedCell {
  readonly row: SourceRow;
  readonly column: number;
}

/** The state of mapping one record: its rows, the row being read, the problems so far. */
export interface RowContext {
  /** All rows of the record (one unless `groupBy`). */
  readonly rows: readonly SourceRow[];
  /** The row being read (changes while a `fromRows` table walks the group). */
  row: SourceRow;
  readonly problems: RowProblem[];
  /** When set, records which row and column fed each field path, to place validation issues on cells. */
  readonly trace: Map<string, TracedCell> | undefined;
}

/** The location of one cell (or of the row, when `column` is negative). */
export function cellLocation(header: SourceHeader, rowNumber: number, column: number): RowLocation {
  if (column < 0) return { file: header.file, sheet: header.sheet, row: rowNumber };
  // A table joined from several sheets says where each of its cells really is (docs/platform-workbook.md).
  const origin = header.origins?.[column];
  const sheet = origin === undefined ? header.sheet : origin.sheet;
  const row = origin === undefined ? rowNumber : origin.row;
  const letter = header.columns[column] ?? '';
  return { file: header.file, sheet, row, column: letter, cell: `${letter}${row}`, header: header.names[column] ?? '' };
}

/** Adds a row problem about one cell. */
export function addProblem(
  ctx: RowContext,
  code: string,
  column: number,
  field: string,
  expected: string,
  found: string,
  message: string,
): void {
  ctx.problems.push({ code, message, location: cellLocation(ctx.row.header, ctx.row.rowNumber, column), field, expected, found });
}
