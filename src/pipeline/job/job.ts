import type { MappingSettings } from '../../mapping/check/check-mapping.js';
import type { PreparedMapping } from '../../mapping/check/prepare-mapping.js';
import type { Template } from '../../template/template-types.js';
import type { WorkbookMetaFlags } from '../../workbook/workbook-meta-mapping.js';
import type { PreparedInput } from './prepare-inputs.js';
import type { OnWarning, TemplateChangedWarning } from '../pipeline-warning.js';
import type { TemplateSource } from './fetch-template.js';

/** The platform's layouts read without a mapping (docs/platform-workbook.md). */
export type InputLayout = 'platform' | 'flat' | 'json';

/** How a job's input is read: through a mapping file, or as one of the platform's layouts. */
export type JobLayout = 'mapping' | InputLayout;

/** A mapping checked against its template: what `validate` and `ingest` start from. */
export interface LoadedJob {
  /** The mapping file as the user named it, or `<file> (<layout> layout)` for a mapping written for the input. */
  readonly mappingFile: string;
  readonly prepared: PreparedMapping;
  readonly template: Template;
  readonly templateFrom: 'platform' | 'file';
  /** Set when the template's `pub_date` differs from the mapping's `templatePubDate`. */
  readonly templateChanged: TemplateChangedWarning | undefined;
}

/** What every layout's loader gives: the checked mapping and its inputs, each header bound to it. */
export interface Job {
  readonly layout: JobLayout;
  readonly checked: LoadedJob;
  readonly inputs: readonly PreparedInput[];
  /** The mapping text written for a platform layout's input; undefined for a mapping file. */
  readonly mappingText: string | undefined;
}

/** Options of the loaders of the platform's layouts: one input, no mapping file. */
export interface LayoutJobOptions extends TemplateSource {
  /** The input as the user named it. */
  readonly file: string;
  /** Where a relative `file` is found. @default undefined (the process's working directory) */
  readonly cwd?: string | undefined;
  /** The template, when the input does not name it (`--template`). */
  readonly tid?: number | undefined;
  /** The record meta the input does not hold (`--source`, `--methods`, `--reference`; `--title` … for the flat export). */
  readonly meta: WorkbookMetaFlags;
  readonly settings?: MappingSettings;
  readonly onWarning?: OnWarning;
}
