import type { MappingSettings } from '../mapping/check/check-mapping.js';
import type { WorkbookMetaFlags } from '../workbook/read-platform-workbook.js';
import type { TemplateSource } from './fetch-template.js';
import type { LoadedJob } from './load-job.js';
import type { PreparedInput } from './map-inputs.js';
import type { OnWarning } from './pipeline-warning.js';

/** Options of `loadWorkbookJob`. */
export interface LoadWorkbookJobOptions extends TemplateSource {
  /** The workbook as the user named it. */
  readonly file: string;
  /** Where a relative `file` is found. @default undefined (the process's working directory) */
  readonly cwd?: string | undefined;
  /** The template, when the workbook does not name it (`--template`). */
  readonly tid?: number | undefined;
  /** The record meta the input does not hold (`--source`, `--methods`, `--reference`; `--title` … for the flat export). */
  readonly meta: WorkbookMetaFlags;
  /** How the input is laid out. @default `json` for a `.json` file, else `platform` */
  readonly layout?: InputLayout | undefined;
  readonly settings?: MappingSettings;
  readonly onWarning?: OnWarning;
}

/** A platform workbook ready for the map + validate stage: the job, its one input, the mapping text written for it. */
export interface WorkbookJob {
  readonly job: LoadedJob;
  readonly inputs: readonly PreparedInput[];
  readonly mappingText: string;
}

/** The platform's layouts read without a mapping (docs/platform-workbook.md). */
export type InputLayout = 'platform' | 'flat' | 'json';
