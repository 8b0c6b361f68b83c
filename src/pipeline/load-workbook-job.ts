import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { MappingSettings } from '../mapping/check-mapping.js';
import { compileMapping } from '../mapping/compile-mapping.js';
import { joinPlatformWorkbook, identifyPlatformWorkbook, type JoinedWorkbook, type WorkbookMetaFlags } from '../workbook/read-platform-workbook.js';
import { fetchTemplate, type TemplateSource } from './fetch-template.js';
import { loadJobFromText, type LoadedJob } from './load-job.js';
import type { PreparedInput } from './map-inputs.js';
import { PipelineError } from './pipeline-errors.js';
import type { OnWarning } from './pipeline-warning.js';

/** Options of {@link loadWorkbookJob}. */
export interface LoadWorkbookJobOptions extends TemplateSource {
  /** The workbook as the user named it. */
  readonly file: string;
  /** Where a relative `file` is found. @default undefined (the process's working directory) */
  readonly cwd?: string;
  /** The template, when the workbook does not name it (`--template`). */
  readonly tid?: number | undefined;
  /** The record meta the workbook does not hold (`--source`, `--methods`, `--reference`). */
  readonly meta: WorkbookMetaFlags;
  readonly settings?: MappingSettings;
  readonly onWarning?: OnWarning;
}

/** A platform workbook ready for the map + validate stage: the job, its one input, the mapping text written for it. */
export interface WorkbookJob {
  readonly job: LoadedJob;
  readonly inputs: readonly PreparedInput[];
  readonly mappingText: string;
  readonly workbook: JoinedWorkbook;
}

/** `<file> (platform layout)`: how messages name the mapping written for a workbook. */
export function workbookMappingName(file: string): string {
  return `${file} (platform layout)`;
}

/**
 * `validate` and `ingest` of the platform's own workbook, with no mapping file
 * (docs/platform-workbook.md): identify it by its meta sheet and template-id cell, fetch that
 * template, join the sheets, and check the mapping written for the joined table as a mapping file is
 * checked. Warns of columns and fields that differ from the current template, and (through
 * `loadJob`) of a template changed since the workbook was made.
 * @throws PipelineError `WORKBOOK_NOT_PLATFORM`, `WORKBOOK_NO_TEMPLATE`, `WORKBOOK_META_MISSING`
 *   (exit 2); the errors of `loadJob` and of the workbook reader.
 */
export async function loadWorkbookJob(options: LoadWorkbookJobOptions): Promise<WorkbookJob> {
  const { file } = options;
  const openPath = options.cwd === undefined ? path.resolve(file) : path.resolve(options.cwd, file);
  if (!/\.xlsx$|\.xlsm$/i.test(file)) {
    throw new PipelineError('WORKBOOK_NOT_PLATFORM', 'without --mapping the input must be the platform\'s workbook (.xlsx)', { location: { file }, hint: 'give --mapping FILE for any other table' });
  }
  const identity = await identifyPlatformWorkbook(openPath);
  if (identity === undefined) {
    throw new PipelineError('WORKBOOK_NOT_PLATFORM', 'the workbook has no meta sheet "元数据" (or "Data Info"): it is not the platform\'s workbook', {
      location: { file },
      hint: 'give --mapping FILE to read it as a table, or start from `mge-ingest init <tid> --workbook FILE.xlsx`',
    });
  }
  const tid = options.tid ?? identity.tid;
  if (tid === undefined) {
    throw new PipelineError('WORKBOOK_NO_TEMPLATE', `the meta sheet "${identity.metaSheet}" holds no template-id cell`, { location: { file, sheet: identity.metaSheet }, hint: 'give the template with --template TID' });
  }
  const missing = [options.meta.source === undefined ? '--source (10 or 01)' : undefined, options.meta.methods === undefined ? '--methods (e.g. experiment,computation)' : undefined].filter((m): m is string => m !== undefined);
  if (missing.length > 0) {
    throw new PipelineError('WORKBOOK_META_MISSING', `the workbook does not hold the records' source and methods: give ${missing.join(' and ')}`, {
      location: { file },
      hint: 'with --source 01 give --reference too; see docs/platform-workbook.md → Meta',
    });
  }
  const { template } = await fetchTemplate(tid, options);
  const workbook = await joinPlatformWorkbook(openPath, identity, template, options.meta);
  const mappingFile = workbookMappingName(file);
  const lines = [
    ...workbook.unknownColumns.map((c) => `column ${c}: no such field in template ${tid} now; not read`),
    ...workbook.missingFields.map((f) => `field ${f}: no column in the workbook; left empty`),
    ...workbook.unsupported.map((f) => `field ${f}: a table or array inside an array element is not read from a workbook`),
  ];
  if (lines.length > 0) {
    options.onWarning?.({ code: 'WORKBOOK_COLUMNS_CHANGED', file, lines, message: `${file} does not match template ${tid} as it is now (${lines.length} difference(s))` });
  }
  // The mapping written for the workbook always has a key (数据ID), so loadJob warns of no missing key.
  const job = await loadJobFromText(workbook.mappingText, { ...options, mappingFile, ...(options.settings ? { settings: options.settings } : {}) });
  const compiled = compileMapping(job.prepared, workbook.header);
  const input: PreparedInput = {
    file,
    openPath,
    header: workbook.header,
    compiled,
    sourceOptions: {},
    bytes: (await stat(openPath)).size,
    open: () => Promise.resolve({ header: workbook.header, rows: () => workbook.rows(), close: () => Promise.resolve() }),
  };
  return { job, inputs: [input], mappingText: workbook.mappingText, workbook };
}
