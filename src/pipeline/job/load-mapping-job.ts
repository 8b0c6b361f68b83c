import { MappingCheckError } from '../../mapping/check/prepare-mapping.js';
import { MappingInvalidError } from '../../mapping/mapping-errors.js';
import type { MappingProblem } from '../../mapping/mapping-problem.js';
import { prepareInputs, type PrepareInputsOptions } from './prepare-inputs.js';
import { checkMappingFile, type CheckMappingFileOptions } from './check-mapping-file.js';
import type { Job, LoadedJob } from './job.js';

/** Options of {@link loadMappingJob}: the mapping file and the inputs it reads. */
export interface MappingJobOptions extends CheckMappingFileOptions {
  /** Files, directories or globs. */
  readonly inputs: readonly string[];
  /** Directory inputs give the table files of their sub-directories too. @default false */
  readonly recursive?: boolean;
}

/**
 * The job of a mapping file: the mapping checked against its template (`checkMappingFile`), then
 * every input's header bound to it (`prepareInputs`), with every mapping problem in one round: when
 * the mapping does not fit its template, the columns it names are still looked up in each input's
 * header (as far as the mapping checked out), and the template-level and column problems are thrown
 * together, in the order of the mapping's lines. A curator fixes the file once instead of meeting the
 * missing columns only after the unknown fields are fixed.
 * @throws MappingInvalidError `MAPPING_INVALID` with all problems; the other errors of
 *   `checkMappingFile` and `prepareInputs`. An input that cannot be read while looking for column
 *   problems leaves the mapping's own problems to be reported alone: they come first.
 */
export async function loadMappingJob(options: MappingJobOptions): Promise<Job> {
  const inputs: Omit<PrepareInputsOptions, 'mapping'> = {
    inputs: options.inputs,
    recursive: options.recursive ?? false,
    cwd: options.cwd,
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
  };
  let checked: LoadedJob;
  try {
    checked = await checkMappingFile(options);
  } catch (error) {
    if (!(error instanceof MappingCheckError)) throw error;
    const columns = await columnProblems(error, inputs);
    if (columns.length === 0) throw error;
    const all = [...error.problems, ...columns].sort((a, b) => a.line - b.line || a.col - b.col);
    throw new MappingInvalidError(error.partial.spec.file, all);
  }
  return { layout: 'mapping', checked, inputs: await prepareInputs({ ...inputs, mapping: checked.prepared }), mappingText: undefined };
}

/** The column problems of a mapping that did not check out, against every input's header. */
async function columnProblems(error: MappingCheckError, inputs: Omit<PrepareInputsOptions, 'mapping'>): Promise<readonly MappingProblem[]> {
  try {
    // No warnings here: the run stops on the mapping's problems.
    const { onWarning: _quiet, ...quiet } = inputs;
    await prepareInputs({ ...quiet, mapping: error.partial });
    return [];
  } catch (columns) {
    return columns instanceof MappingInvalidError ? columns.problems : [];
  }
}
