import path from 'node:path';
import type { AnnotationCollector } from '../report/annotate/annotation-limit.js';
import type { ValidationSummary } from '../report/validation-summary.js';
import { displayPath } from '../util/display-path.js';
import type { PreparedInput } from './job/prepare-inputs.js';
import type { ValidateResult } from './validate-types.js';

/**
 * Writes `validate --annotate` to `to.file`: a copy of the one input with the problems met on their
 * cells (`writeAnnotatedCopy`, loaded only now) and the validation's counts.
 */
export async function writeValidateAnnotatedCopy(
  to: { readonly file: string; readonly cwd: string },
  input: PreparedInput,
  annotate: AnnotationCollector,
  found: { readonly template: ValidateResult['template']; readonly summary: ValidationSummary },
): Promise<{ bytes: number }> {
  const { cwd } = to;
  const { writeAnnotatedCopy } = await import('../report/annotate/write-annotated-copy.js');
  const { template, summary } = found;
  return writeAnnotatedCopy(
    {
      file: path.resolve(cwd, input.openPath),
      header: input.header,
      numberColumns: input.compiled.numberColumns,
      problems: annotate.problems,
      problemCount: annotate.count,
      statuses: annotate.statuses,
      summary: [
        ['input', displayPath(cwd, input.file)],
        ['template', `${template.id} (${template.pubDate})`],
        ['rows', summary.rows],
        ['records', summary.records],
        ['valid', summary.valid],
        ['invalid', summary.invalid],
      ],
    },
    path.resolve(cwd, to.file),
  );
}
