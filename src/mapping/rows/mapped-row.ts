import type { CellValue } from '../../sources/source-types.js';
import type { PlatformRecord, RowLocation, RowProblem } from '../../template/record-types.js';

/**
 * One record after map + validate, valid or not, traveling through upload to the report (with
 * `groupBy`, `location` is its first row, `rowNumbers` all). `body`, `key`, `hash` and `sourceValues`
 * may be lazy getters ({@link LazyMappedRow}): read them by name; a spread does not copy them.
 */
export interface MappedRow {
  readonly location: RowLocation;
  /** All source rows that made this record (more than one only with `groupBy`). */
  readonly rowNumbers: readonly number[];
  /** Identity across runs: the mapping's `key` columns joined, else the record hash. */
  readonly key: string;
  /** sha256 hex of the canonical JSON of the record (or of the source values when there is no record). */
  readonly hash: string;
  /**
   * The record as canonical JSON (keys sorted): the text `hash` is the sha256 of, and the body the
   * upload POSTs, so the report's hash is that of the very bytes sent. Undefined without a record.
   */
  readonly body: string | undefined;
  /** The record to upload; undefined when mapping failed. */
  readonly record: PlatformRecord | undefined;
  /** Empty means valid. */
  readonly problems: readonly RowProblem[];
  /** The original cells by header, for `--failed-out` and error files. */
  readonly sourceValues: Readonly<Record<string, CellValue>>;
  /**
   * The source digest of the cells the record is mapped from (`sourceDigest`), where the reader
   * computed one (a CSV file mapped on the mapping thread): an upload records it.
   */
  readonly src?: string | undefined;
  /**
   * True for a row that was not mapped because the ledger holds an upload of its key from cells with
   * its source digest: `hash` is that record's and `body` undefined, so it can only be skipped as
   * uploaded (or be a duplicate of its run).
   */
  readonly unchanged?: boolean;
  /**
   * True for a row repeated exactly under the mapping's `duplicates: identical-ok` (its key and record
   * are an earlier row's): no problems, no body, `key` a report key of its own. Neither sent nor
   * invalid: counted `duplicate` (see `guardDuplicateKeys`).
   */
  readonly duplicate?: boolean;
  /**
   * True for source rows that belong to no record (`SourceRow.stray`: a platform workbook's table row
   * whose `数据ID` is on no root row): no record, one problem at the row's own `数据ID` cell. Not a
   * record (neither valid nor invalid), but a row to check.
   */
  readonly stray?: boolean | undefined;
}

/**
 * A row as plain data, each member read by name (a lazy one computed): what a row class's `toJSON`
 * gives, so `JSON.stringify` and the tests see every member whatever class made the row.
 */
export function mappedRowData(row: MappedRow): MappedRow {
  return {
    location: row.location,
    rowNumbers: row.rowNumbers,
    key: row.key,
    hash: row.hash,
    body: row.body,
    record: row.record,
    problems: row.problems,
    sourceValues: row.sourceValues,
    ...(row.src !== undefined ? { src: row.src } : {}),
    ...(row.unchanged === true ? { unchanged: true } : {}),
    ...(row.duplicate === true ? { duplicate: true } : {}),
    ...(row.stray === true ? { stray: true } : {}),
  };
}
