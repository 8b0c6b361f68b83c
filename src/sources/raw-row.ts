import type { CellValue, InferredCell, SourceIssue } from './source-types.js';

/**
 * One physical row as a format reader produces it, before the header is applied: cells indexed from
 * column A, and issues whose `columnIndex` is that absolute 0-based column.
 */
export interface RawRow {
  /** 1-based row number (the physical line where a CSV record starts). */
  readonly rowNumber: number;
  /** Cells from column A; empty cells are `null` (CSV readers may also give `''`). */
  readonly cells: CellValue[];
  readonly issues: SourceIssue[] | undefined;
  /** Workbooks only: true at the columns whose number has a percent format; absent when none has. */
  readonly percent?: boolean[] | undefined;
  /** Workbooks only: at the columns whose type came from the number format, what was read; absent when none. */
  readonly inferred?: (InferredCell | undefined)[] | undefined;
  /** CSV read with digests only: `cellsDigest` of the record's cells as read. */
  readonly digest?: Uint8Array | undefined;
}

/** A merged range, 0-based inclusive rows/columns as in the sheet. */
export interface MergeRange {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}
