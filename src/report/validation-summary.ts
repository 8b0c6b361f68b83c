import type { EarlyStop } from './report-lines.js';

/** What a map + validate run found, for the summary (`validate`, and the dry part of `ingest`). */
export interface ValidationSummary {
  /** Input files read (or opened before an early stop). */
  readonly files: number;
  /** Records built: one per row, or per group of rows with `groupBy`. */
  readonly records: number;
  /** Source rows read. */
  readonly rows: number;
  /** Records neither duplicate nor invalid. */
  readonly valid: number;
  readonly invalid: number;
  /**
   * Records repeated exactly under the mapping's `duplicates: identical-ok` (key and record of an
   * earlier row): not invalid, not sent.
   */
  readonly duplicate: number;
  /**
   * Rows that belong to no record (a platform workbook's table or array row whose `数据ID` is on no
   * root row): counted in `rows`, not in `records`; their problems are in `problemsByCode`. Rows to
   * check, as invalid records are.
   */
  readonly stray: number;
  /**
   * Invalid records per problem code (a record with two codes counts under both), codes sorted: the
   * records each code is found in, as `report` and the page count them.
   */
  readonly invalidByCode: Readonly<Record<string, number>>;
  /** Problems per code (a record with the code twice counts twice), codes sorted: the page's bars and the annotated copy's Problems sheet. */
  readonly problemsByCode: Readonly<Record<string, number>>;
  /** Set when `--max-errors` stopped the run before the input ended (see `limitErrors`). */
  readonly stoppedBy: EarlyStop | undefined;
}
