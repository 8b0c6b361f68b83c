import path from 'node:path';
import type { AnnotationCollector } from '../report/annotate/annotation-limit.js';
import type { ProblemCollector } from '../report/html/collect-problems.js';
import type { PreparedInput } from './job/prepare-inputs.js';
import type { ErrorFile } from './open-error-file.js';
import { PipelineError } from './pipeline-errors.js';
import type { RunValidateOptions } from './validate-types.js';

/** Where `validate` puts the invalid records as they pass: each undefined unless asked for. */
export interface ValidateOutputs {
  readonly errorFile: ErrorFile | undefined;
  /** The problems `--html` shows. */
  readonly page: ProblemCollector | undefined;
  /** The problems `--annotate` marks. */
  readonly annotate: AnnotationCollector | undefined;
}

/**
 * Opens the error file (none for no table file) and the page's and the copy's collectors `validate` was
 * asked for, loading their writers only then: a plain validate starts without the HTML report or xlsx.
 * @throws PipelineError `ANNOTATE_ONE_INPUT` when `--annotate` is given more than one input.
 */
export async function openValidateOutputs(options: RunValidateOptions, inputs: readonly PreparedInput[]): Promise<ValidateOutputs> {
  // Refused before any output is opened, so a refused run leaves no empty error file behind.
  if (options.annotateFile !== undefined && inputs.length > 1)
    throw new PipelineError('ANNOTATE_ONE_INPUT', '--annotate copies one input: give one file', {
      hint: `${inputs.length} inputs were given`,
    });
  const errorFile: ErrorFile | undefined =
    options.errorsFile === undefined || inputs.length === 0
      ? undefined
      : await (
          await import('./open-error-file.js')
        ).openErrorFile(
          path.resolve(options.cwd, options.errorsFile),
          inputs.map((i) => i.header),
        );
  const page = options.htmlFile === undefined ? undefined : await createPageCollector();
  // At most ANNOTATE_PROBLEM_LIMIT problems are held for the copy; the rest are counted.
  const annotate =
    options.annotateFile === undefined ? undefined : (await import('../report/annotate/annotation-limit.js')).collectAnnotations();
  return { errorFile, page, annotate };
}

/** The collector of the problems `validate --html` shows. */
async function createPageCollector(): Promise<ProblemCollector> {
  const [{ createProblemCollector }, { DEFAULT_HTML_LIMITS }] = await Promise.all([
    import('../report/html/collect-problems.js'),
    import('../report/html/html-report-view.js'),
  ]);
  return createProblemCollector(DEFAULT_HTML_LIMITS.problems);
}
