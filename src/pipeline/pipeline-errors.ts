import { areaError } from '../errors/area-error.js';
import type { ErrorKind, MgeErrorOptions } from '../errors/mge-error.js';
import type { AcceptedChange } from '../report/report-lines.js';

/** Codes the commands' compositions raise themselves (exit 2: nothing was uploaded); each meaning beside its kind. */
export type PipelineErrorCode =
  | 'MAPPING_CHANGED'
  | 'TEMPLATE_FIELDS_CHANGED'
  | 'OUTPUT_EXISTS'
  | 'REPORT_NOT_FOUND'
  | 'WORKBOOK_NOT_PLATFORM'
  | 'WORKBOOK_NO_TEMPLATE'
  | 'WORKBOOK_META_MISSING'
  | 'ANNOTATE_ONE_INPUT'
  | 'JSON_IMPORT_INVALID'
  | 'SHARD_NEEDS_KEY'
  | 'SHARD_CHANGED'
  | 'MOVE_DONE_SHARDED'
  | 'MOVE_DONE_FAILED'
  | 'MOVE_DONE_INPUT_FOLDER';

const KIND: Readonly<Record<PipelineErrorCode, ErrorKind>> = {
  MAPPING_CHANGED: 'mapping', // rows are on the platform with another mapping (MappingChangedError)
  TEMPLATE_FIELDS_CHANGED: 'template', // …or another template
  OUTPUT_EXISTS: 'usage', // `init --out` would overwrite a file without `--force`
  REPORT_NOT_FOUND: 'usage', // `report` of a file that does not exist
  WORKBOOK_NOT_PLATFORM: 'source', // an input read without a mapping is not the platform's workbook
  WORKBOOK_NO_TEMPLATE: 'usage', // the workbook names no template and `--template` gives none
  WORKBOOK_META_MISSING: 'usage', // record meta the workbook does not hold and no flag gives
  ANNOTATE_ONE_INPUT: 'usage', // `--annotate` copies one input
  JSON_IMPORT_INVALID: 'source', // too large, not JSON, or no data list
  SHARD_NEEDS_KEY: 'usage', // without `key` a row's shard would move with its content
  SHARD_CHANGED: 'usage', // `--shard` differs from the report's latest run
  MOVE_DONE_SHARDED: 'usage', // other shards' rows of a file are not this run's to judge
  MOVE_DONE_FAILED: 'usage', // the `--move-done` folder cannot be made or written
  MOVE_DONE_INPUT_FOLDER: 'usage', // the `--move-done` folder holds an input: a move there is no move
};

/** A command that cannot go on as asked; its kind follows from its code. */
export class PipelineError extends areaError(KIND) {}

/**
 * `MAPPING_CHANGED` / `TEMPLATE_FIELDS_CHANGED`: the run stopped before anything was written or sent,
 * because rows are on the platform with another mapping or template (docs/guarantees.md → Mapping and
 * template changes).
 */
export class MappingChangedError extends PipelineError {
  /** The changed mapping parts and template fields, and the rows on the platform (what `--accept-mapping-change` would record). */
  readonly changes: AcceptedChange;
  /** The run they were compared with. */
  readonly baselineRun: string | undefined;

  constructor(message: string, changes: AcceptedChange, baselineRun: string | undefined, options: Omit<MgeErrorOptions, 'details'>) {
    super(changes.mapping.length === 0 ? 'TEMPLATE_FIELDS_CHANGED' : 'MAPPING_CHANGED', message, options);
    this.changes = changes;
    this.baselineRun = baselineRun;
  }
}
