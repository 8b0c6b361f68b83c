import { MappingInvalidError } from '../mapping/mapping-errors.js';
import { MappingCheckError } from '../mapping/check/prepare-mapping.js';
import type { MappingProblem } from '../mapping/mapping-problem.js';
import { loadJob, type LoadedJob, type LoadJobOptions } from './load-job.js';
import { prepareInputs, type PrepareInputsOptions, type PreparedInput } from './map-inputs.js';

/** A job and its inputs, each header bound to the checked mapping. */
export interface JobWithInputs {
  readonly job: LoadedJob;
  readonly inputs: readonly PreparedInput[];
}

/**
 * `loadJob` then `prepareInputs`, with every mapping problem in one round: when the mapping does not
 * fit its template, the columns it names are still looked up in each input's header (as far as the
 * mapping checked out), and the template-level and column problems are thrown together, in the order
 * of the mapping's lines. A curator fixes the file once instead of meeting the missing columns only
 * after the unknown fields are fixed.
 * @throws MappingInvalidError `MAPPING_INVALID` with all problems; the other errors of `loadJob` and
 *   `prepareInputs`. An input that cannot be read while looking for column problems leaves the
 *   mapping's own problems to be reported alone: they come first.
 */
export async function loadJobWithInputs(load: LoadJobOptions, inputs: Omit<PrepareInputsOptions, 'mapping'>): Promise<JobWithInputs> {
  let job: LoadedJob;
  try {
    job = await loadJob(load);
  } catch (error) {
    if (!(error instanceof MappingCheckError)) throw error;
    const columns = await columnProblems(error, inputs);
    if (columns.length === 0) throw error;
    const all = [...error.problems, ...columns].sort((a, b) => a.line - b.line || a.col - b.col);
    throw new MappingInvalidError(error.partial.spec.file, all);
  }
  return { job, inputs: await prepareInputs({ ...inputs, mapping: job.prepared }) };
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
