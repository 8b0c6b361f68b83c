import type { MethodsWidth } from '../template/record-types.js';
import type { WorkbookMetaFlags } from '../workbook/workbook-meta-mapping.js';
import type { TemplateSource } from './fetch-template.js';
import type { LoadedJob } from './load-job.js';
import { loadJobWithInputs } from './load-job-inputs.js';
import type { InputLayout } from './workbook-job.js';
import type { PreparedInput } from './map-inputs.js';
import { PipelineError } from './pipeline-errors.js';
import type { OnWarning } from './pipeline-warning.js';

/** Options of {@link loadCheckedInputs}: what `validate` and `preview` read before any row. */
export interface LoadCheckedInputsOptions {
  /** The mapping; undefined reads the one input as the platform's workbook (`loadWorkbookJob`). */
  readonly mappingFile: string | undefined;
  /** The mapping's text, when it is not to be read from `mappingFile` (`mapper`'s unsaved edits). @default undefined */
  readonly mappingText?: string | undefined;
  /** For a platform workbook: the template when the workbook names none, and the meta it lacks. */
  readonly workbook?:
    { readonly tid: number | undefined; readonly layout?: InputLayout | undefined; readonly meta: WorkbookMetaFlags } | undefined;
  /** Files, directories or globs. */
  readonly inputs: readonly string[];
  /** Directory inputs give the table files of their sub-directories too. @default false */
  readonly recursive?: boolean;
  /** Where relative paths are found. */
  readonly cwd: string;
  readonly methodsWidth: MethodsWidth;
}

/** The checked job, its inputs with their headers bound, and the mapping's name for people. */
export interface CheckedInputs {
  readonly job: LoadedJob;
  readonly inputs: readonly PreparedInput[];
  readonly mappingName: string;
}

/**
 * The job and its prepared inputs, every mapping and header problem known before a row is read: from
 * the mapping file (`loadJob` + `prepareInputs`), or from the platform's workbook itself.
 * @throws mapping, template and input errors (exit 2).
 */
export async function loadCheckedInputs(
  options: LoadCheckedInputsOptions,
  deps: { readonly template: TemplateSource; readonly onWarning?: OnWarning | undefined },
): Promise<CheckedInputs> {
  const { cwd } = options;
  const warn = deps.onWarning ? { onWarning: deps.onWarning } : {};
  const settings = { methodsWidth: options.methodsWidth };
  if (options.mappingFile === undefined) {
    const [file, ...more] = options.inputs;
    if (file === undefined || more.length > 0)
      throw new PipelineError('WORKBOOK_NOT_PLATFORM', "without --mapping give exactly one input: the platform's workbook", {
        hint: 'give --mapping FILE to read several tables',
      });
    // The platform's layouts (workbook readers, the JSON import) are loaded only for an input read without a mapping.
    const { loadWorkbookJob } = await import('./load-workbook-job.js');
    const { job, inputs } = await loadWorkbookJob({
      ...deps.template,
      file,
      cwd,
      tid: options.workbook?.tid,
      layout: options.workbook?.layout,
      meta: options.workbook?.meta ?? {},
      settings,
      ...warn,
    });
    return { job, inputs, mappingName: job.mappingFile };
  }
  // The mapping's own problems and every input's missing columns are reported together, in one round.
  const { job, inputs } = await loadJobWithInputs(
    { ...deps.template, mappingFile: options.mappingFile, mappingText: options.mappingText, cwd, settings, ...warn },
    { inputs: options.inputs, recursive: options.recursive ?? false, cwd, ...warn },
  );
  return { job, inputs, mappingName: options.mappingFile };
}
