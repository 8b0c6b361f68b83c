import type { CellValue } from '../../sources/source-types.js';
import type { PlatformRecord, RowLocation, RowProblem } from '../../template/record-types.js';

/**
 * One input row after map + validate: the unit that travels through upload to the report. Every source
 * row becomes exactly one `MappedRow`, valid or not. (With `groupBy`, several source rows make one record;
 * `location` is then the first of them and `rowNumbers` lists all.)
 *
 * `body`, `key`, `hash` and `sourceValues` may be getters that compute on first read and keep their value
 * (see `LazyMappedRow`): read them by name; spreading a row (`{...row}`) does not copy them, and
 * `JSON.stringify(row)` does.
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
}
