/**
 * The row contract every reader (CSV, TSV, xlsx, xls, ods) produces: values without loss, and for each
 * value exactly where it came from, so a later stage can say `Sheet1!D17 (column "屈服强度")`.
 */

/** A calendar date/time exactly as the spreadsheet shows it, with no time zone attached. */
export interface CellDate {
  readonly kind: 'date';
  /** Wall-clock ISO text: `2024-01-01` for a date, `2024-01-01T13:45:00` when a time is present. */
  readonly iso: string;
}

/**
 * A workbook number whose meaning the reader took from its number format, for `preview` to show what
 * was read and what it became: a date (or time), a percent (the value stays the fraction), a duration
 * (read as the text it shows) or a boolean (LibreOffice's `"TRUE";"TRUE";"FALSE"`).
 */
export interface InferredCell {
  readonly kind: 'date' | 'percent' | 'duration' | 'boolean';
  /** The number the cell holds (the serial of a date, the fraction of a percent). */
  readonly raw: number;
  /** The number format code it is shown under (`yyyy-mm-dd`, `0.0%`, `[h]:mm:ss`). */
  readonly format: string;
}

/** One cell: text (CSV cells are always text), a typed spreadsheet value, or empty (`null`). */
export type CellValue = string | number | boolean | CellDate | null;

/** The header of one table (one CSV file or one sheet), shared by all its rows. */
export interface SourceHeader {
  /** The input file as the user named it (or as found in a named directory). */
  readonly file: string;
  /** Sheet name for workbooks; undefined for CSV/TSV. */
  readonly sheet: string | undefined;
  /** 1-based row (line for CSV) of the header; for multi-row headers, the last header row. */
  readonly row: number;
  /**
   * True when the header row was found by the reader (no header row was given), so a caller can say
   * "header detected at row N"; absent when the header row was given.
   */
  readonly detected?: boolean;
  /** Header text per column, after merging multi-row headers (`拉伸性能 / 屈服强度 (MPa)`). */
  readonly names: readonly string[];
  /** Column letter per column (`A`, `B`, …, `AA`). */
  readonly columns: readonly string[];
  /**
   * Problems with the header that do not stop the read: `SOURCE_EMPTY_HEADER` for a column without a
   * name inside the table (its values are kept; a mapping cannot name it). Absent when there are none.
   */
  readonly issues?: readonly SourceIssue[];
  /**
   * A table joined from several sheets (the platform's workbook, docs/platform-workbook.md): per
   * column, the sheet and row its cell really sits on when not on `sheet` at the row's own number.
   * Absent for a table read from one sheet.
   */
  readonly origins?: readonly (CellOrigin | undefined)[];
}

/** Where one cell of a joined row really is. */
export interface CellOrigin {
  readonly sheet: string;
  readonly row: number;
}

/** A problem found while reading a row that does not stop the read (error cell, ragged row). */
export interface SourceIssue {
  /** `SOURCE_ERROR_CELL`, `SOURCE_RAGGED_ROW`, `SOURCE_FORMULA_NO_RESULT`, … */
  readonly code: string;
  readonly message: string;
  /** Column index into `header.names`, when the issue is one cell. */
  readonly columnIndex: number | undefined;
  /** The raw value as found (e.g. `#DIV/0!`). */
  readonly found: string | undefined;
}

/** One data row. */
export interface SourceRow {
  readonly header: SourceHeader;
  /** 1-based row number as the spreadsheet shows it (the physical line for CSV). */
  readonly rowNumber: number;
  /**
   * Values aligned with `header.names`; a short row is padded with `null` (not an issue: missing
   * trailing fields are empty cells).
   */
  readonly values: readonly CellValue[];
  /** Issues found while reading this row (the row still travels on, to be reported as invalid). */
  readonly issues: readonly SourceIssue[];
  /**
   * Workbooks only: true at the indices (aligned with `values`) of numbers shown with a percent format
   * (`0.0%`), whose value is the fraction (0.075 shows as 7.5%). Absent when no value of the row has
   * one (always for CSV).
   */
  readonly percent?: readonly boolean[] | undefined;
  /**
   * Workbooks only: per number typed by its number format (and per date-formatted number without a
   * date), what the cell held and under which format, for `preview`. Absent when no cell has one; not
   * part of the source digest (it follows from values and formats).
   */
  readonly inferred?: readonly (InferredCell | undefined)[] | undefined;
  /**
   * CSV read with digests only (`ReadOptions.digests`): `cellsDigest` of the record's cells as read,
   * computed where the file is read (the reader thread for a large file); `rowSourceDigest` uses it.
   */
  readonly digest?: Uint8Array | undefined;
  /**
   * True for a row that belongs to no record (a platform workbook's table or array row whose `数据ID`
   * is on no root row, or that has none): its one issue says so at its own cell, and it is reported,
   * never mapped into a record.
   */
  readonly stray?: boolean | undefined;
}

/** How a table is read besides the mapping's `input` options: asked by the caller, not the curator. */
export interface ReadOptions {
  /** Give each CSV row its `digest` (`ingest`, which records source digests). @default false */
  readonly digests?: boolean;
}

/** An opened table: its header is known before any row is read. */
export interface TableSource {
  readonly header: SourceHeader;
  /** Streams the data rows once, in order, with bounded memory. */
  rows(): AsyncIterable<SourceRow>;
  /** Releases the file; safe to call twice. */
  close(): Promise<void>;
  /**
   * How far the rows handed out reach through the table, 0..1, for progress: bytes of the file or sheet
   * XML, or rows over rows loaded (xls/ods); 1 once the rows end, never decreasing; absent when unknown.
   */
  readFraction?(): number;
}
