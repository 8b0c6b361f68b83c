import type { MethodsWidth } from '../../template/record-types.js';
import type { WorkbookMetaFlags } from '../../workbook/workbook-meta-mapping.js';
import { PipelineError } from '../pipeline-errors.js';
import type { OnWarning } from '../pipeline-warning.js';
import type { TemplateSource } from './fetch-template.js';
import type { InputLayout, Job, LayoutJobOptions } from './job.js';
import { loadMappingJob } from './load-mapping-job.js';

/** Options of {@link loadJob}: what a command reads before any row. */
export interface LoadJobOptions {
  /** The mapping; undefined reads the one input in one of the platform's layouts. */
  readonly mappingFile: string | undefined;
  /** The mapping's text, when it is not to be read from `mappingFile` (`mapper`'s unsaved edits). @default undefined */
  readonly mappingText?: string | undefined;
  /** For the platform's layouts: the template when the input names none, how it is laid out, and the meta it lacks. */
  readonly workbook?:
    { readonly tid: number | undefined; readonly layout?: InputLayout | undefined; readonly meta: WorkbookMetaFlags } | undefined;
  /** Files, directories or globs. */
  readonly inputs: readonly string[];
  /** Directory inputs give the table files of their sub-directories too. @default false */
  readonly recursive?: boolean;
  /** Where relative paths are found. @default undefined (the process's working directory) */
  readonly cwd?: string | undefined;
  readonly methodsWidth: MethodsWidth;
}

/** The loader of each of the platform's layouts, imported only for an input read without a mapping. */
async function layoutLoader(layout: InputLayout): Promise<(options: LayoutJobOptions) => Promise<Job>> {
  if (layout === 'flat') return (await import('./load-flat-job.js')).loadFlatJob;
  if (layout === 'json') return (await import('./load-json-job.js')).loadJsonJob;
  return (await import('./load-platform-job.js')).loadPlatformJob;
}

/**
 * The one way a command loads its job: decides the input's layout once and hands it to that layout's
 * loader, so every mapping and header problem is known before a row is read.
 * @throws PipelineError `WORKBOOK_NOT_PLATFORM` without a mapping and not exactly one input; the
 *   mapping, template and input errors of the layout's loader (exit 2).
 */
export async function loadJob(
  options: LoadJobOptions,
  deps: { readonly template: TemplateSource; readonly onWarning?: OnWarning | undefined },
): Promise<Job> {
  const warn = deps.onWarning ? { onWarning: deps.onWarning } : {};
  const cwd = options.cwd === undefined ? {} : { cwd: options.cwd };
  const settings = { methodsWidth: options.methodsWidth };
  if (options.mappingFile !== undefined) {
    return loadMappingJob({
      ...deps.template,
      mappingFile: options.mappingFile,
      mappingText: options.mappingText,
      ...cwd,
      settings,
      inputs: options.inputs,
      recursive: options.recursive ?? false,
      ...warn,
    });
  }
  const [file, ...more] = options.inputs;
  if (file === undefined || more.length > 0)
    throw new PipelineError('WORKBOOK_NOT_PLATFORM', "without --mapping give exactly one input: the platform's workbook", {
      hint: 'give --mapping FILE to read several tables',
    });
  const load = await layoutLoader(options.workbook?.layout ?? (/\.json$/i.test(file) ? 'json' : 'platform'));
  return load({ ...deps.template, file, ...cwd, tid: options.workbook?.tid, meta: options.workbook?.meta ?? {}, settings, ...warn });
}
