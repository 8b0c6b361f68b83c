import { areaError } from '../errors/area-error.js';
import type { ErrorKind, MgeErrorOptions } from '../errors/mge-error.js';
import type { AcceptedChange } from '../report/report-lines.js';

/**
 * Codes the commands' compositions raise themselves (exit 2: nothing was uploaded):
 * - `MAPPING_CHANGED` (mapping), `TEMPLATE_FIELDS_CHANGED` (template): rows are on the platform with
 *   another mapping or template ({@link MappingChangedError}).
 * - `OUTPUT_EXISTS` (usage): `init --out` would overwrite a file without `--force`.
 * - `REPORT_NOT_FOUND` (usage): `report` of a file that does not exist.
 * - `WORKBOOK_NOT_PLATFORM` (source): an input read without a mapping is not the platform's workbook.
 * - `WORKBOOK_NO_TEMPLATE` (usage): the workbook names no template and `--template` gives none.
 * - `WORKBOOK_META_MISSING` (usage): record meta the workbook does not hold and no flag gives.
 * - `JSON_IMPORT_INVALID` (source): a JSON import file that is not one (too large, not JSON, no data list).
 * - `ANNOTATE_ONE_INPUT` (usage): `--annotate` with several inputs (it copies one).
 * - `SHARD_NEEDS_KEY` (usage): `--shard` with a mapping that has no `key` (a row's shard would move with its content).
 * - `SHARD_CHANGED` (usage): `--shard` differs from the report's latest run.
 * - `MOVE_DONE_SHARDED` (usage): `--move-done` with `--shard` (other shards' rows of a file are not this run's to judge).
 * - `MOVE_DONE_FAILED` (usage): the `--move-done` folder cannot be made or written.
 * - `MOVE_DONE_INPUT_FOLDER` (usage): the `--move-done` folder is the folder an input is in (a move there is no move).
 */
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
  MAPPING_CHANGED: 'mapping',
  TEMPLATE_FIELDS_CHANGED: 'template',
  OUTPUT_EXISTS: 'usage',
  REPORT_NOT_FOUND: 'usage',
  WORKBOOK_NOT_PLATFORM: 'source',
  WORKBOOK_NO_TEMPLATE: 'usage',
  WORKBOOK_META_MISSING: 'usage',
  ANNOTATE_ONE_INPUT: 'usage',
  JSON_IMPORT_INVALID: 'source',
  SHARD_NEEDS_KEY: 'usage',
  SHARD_CHANGED: 'usage',
  MOVE_DONE_SHARDED: 'usage',
  MOVE_DONE_FAILED: 'usage',
  MOVE_DONE_INPUT_FOLDER: 'usage',
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
