import type { StaleReason } from '../report/judge-report-lock.js';
import type { ReportWarning } from '../report/scan-report.js';
import type { FieldChange } from '../template/template-field-changes.js';

/** The template changed on the platform since the mapping was written. */
export interface TemplateChangedWarning {
  readonly code: 'TEMPLATE_CHANGED';
  /** The mapping's `templatePubDate`, and the template's `pub_date` now. */
  readonly before: string;
  readonly after: string;
  /** The changed fields; undefined when the old version is not in the cache to compare with. */
  readonly changes: readonly FieldChange[] | undefined;
  /** One line per change (`~ 试验温度: unit ℃ → K`), for people. */
  readonly lines: readonly string[];
  readonly message: string;
}

/**
 * The mapping has no `key`: rows are identified by their record hash, so an edited row is a new row,
 * uploaded again as a new record beside the old one.
 */
export interface MappingNoKeyWarning {
  readonly code: 'MAPPING_NO_KEY';
  readonly file: string;
  readonly lines: readonly string[];
  readonly message: string;
}

/**
 * The mapping's key is the row's position (`key: $row`): a row inserted, deleted or sorted elsewhere
 * moves the rows below it, which then look new and are uploaded again beside their old records.
 */
export interface MappingRowKeyWarning {
  readonly code: 'MAPPING_ROW_KEY';
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly lines: readonly string[];
  readonly message: string;
}

/**
 * The mapping reads `fromRows` (one table row or array element per row of a group) but has no
 * `groupBy`: every row is then a record of its own, holding a table of one row.
 */
export interface MappingFromRowsWarning {
  readonly code: 'MAPPING_FROM_ROWS_NO_GROUP_BY';
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly lines: readonly string[];
  readonly message: string;
}

/**
 * Records were invalid, and the first input's rows look like records over several rows (consecutive
 * rows sharing their leading columns) while the mapping has no `groupBy`: the likely cause, and the
 * `groupBy` to write.
 */
export interface MappingLooksGroupedWarning {
  readonly code: 'MAPPING_LOOKS_GROUPED';
  /** The input whose rows were looked at. */
  readonly file: string;
  /** The proposed `groupBy` columns, and the columns that change within a group. */
  readonly groupBy: readonly string[];
  readonly varying: readonly string[];
  readonly lines: readonly string[];
  readonly message: string;
}

/**
 * A `meta` literal that is exactly a header of an input (`doi: doi` sends the text "doi"): the curator
 * most likely meant the column. At its place in the mapping file; once per place, however many inputs
 * have that header.
 */
export interface MetaLiteralWarning {
  readonly code: 'MAPPING_META_LITERAL_IS_COLUMN';
  /** The mapping file as the user named it. */
  readonly file: string;
  readonly line: number;
  readonly col: number;
  /** `meta.doi`, … */
  readonly path: string;
  readonly message: string;
}

/**
 * A platform workbook whose columns differ from the current template's layout: columns with no field
 * now (not read) and fields with no column (left empty). docs/platform-workbook.md, Template changes.
 */
export interface WorkbookColumnsWarning {
  readonly code: 'WORKBOOK_COLUMNS_CHANGED';
  readonly file: string;
  readonly lines: readonly string[];
  readonly message: string;
}

/** The report's lock was left by a run that is gone, and this run took it over. */
export interface ReportLockStaleWarning {
  readonly code: 'REPORT_LOCK_STALE';
  readonly file: string;
  readonly reason: StaleReason;
}

/** The ledger index of a report could not be saved: the next run reads the whole report, as without one. */
export interface LedgerIndexWarning {
  readonly code: 'LEDGER_INDEX_NOT_SAVED';
  /** The report. */
  readonly file: string;
  readonly reason: string;
}

/**
 * Everything the pipeline warns about, for every command: something the user should see that does not
 * stop the run. Each command hands one `onWarning` to the pipeline; the CLI renders them with one
 * function, so a warning reads the same from `validate`, `ingest --dry-run`, `ingest` and `report`.
 */
export type PipelineWarning =
  | TemplateChangedWarning
  | MappingNoKeyWarning
  | MappingRowKeyWarning
  | MappingFromRowsWarning
  | MappingLooksGroupedWarning
  | WorkbookColumnsWarning
  | MetaLiteralWarning
  | ReportWarning
  | ReportLockStaleWarning
  | LedgerIndexWarning;

/** The one warnings channel of the pipeline. */
export type OnWarning = (warning: PipelineWarning) => void;
