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
 * The job of a mapping file, checked and bound to every header; a mapping that does not fit still has
 * its columns looked up, so a curator meets template and column problems in one error.
 * @throws MappingInvalidError `MAPPING_INVALID` with all problems; the errors of `checkMappingFile` and
 *   `prepareInputs` (an input unreadable while looking for columns leaves the mapping's own problems).
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
