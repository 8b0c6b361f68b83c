import type { ValidationSummary } from '../report/validation-summary.js';
import { collectRowFindings } from './collect-row-findings.js';
import { createReadProgress } from './create-read-progress.js';
import { loadJob } from './job/load-job.js';
import { openValidateOutputs } from './open-validate-outputs.js';
import { createGroupSniffer } from './sniff-row-groups.js';
import { validateRowStages } from './validate-row-stages.js';
import type { RunValidateDeps, RunValidateOptions, ValidateResult } from './validate-types.js';
import { createValidationTally } from './validation-tally.js';
import { writeValidateAnnotatedCopy } from './write-validate-annotated-copy.js';
import { writeValidateHtml } from './write-validate-html.js';

export type { RunValidateDeps, RunValidateOptions, ValidateResult } from './validate-types.js';

/**
 * The `validate` pipeline, the dry run: load the job (mapping checked against the template) →
 * prepare every input's header → read, map, validate, refuse duplicate keys → stop after `maxErrors`
 * invalid records (`limitErrors`, as `ingest` does) → tally, the error file, the page. Uploads nothing.
 * @throws mapping, template and input errors (exit 2), before any row when they can be known then.
 */
export async function runValidate(options: RunValidateOptions, deps: RunValidateDeps): Promise<ValidateResult> {
  const { cwd } = options;
  const { checked: job, inputs } = await loadJob(options, deps);
  const tally = createValidationTally();
  const base = {
    mapping: job.mappingFile,
    template: { id: job.template.id, pubDate: job.template.pubDate, from: job.templateFrom },
    templateChanged: job.templateChanged,
    errorsFile: options.errorsFile,
  };
  if (deps.signal?.aborted) return interruptedBeforeRows(base, tally.summary());
  const nothingToDo = inputs.length === 0;
  const outputs = await openValidateOutputs(options, inputs);
  const reading = createReadProgress(inputs.map((input) => input.bytes));
  deps.onStart?.(reading);
  const limit = validateRowStages(inputs, {
    maxErrors: options.maxErrors,
    identicalOk: job.prepared.spec.duplicates === 'identical-ok',
    progress: reading,
    onFile: () => tally.addFile(),
    signal: deps.signal,
  });
  // Without groupBy, a layout of records over several rows is looked for, to explain invalid records.
  const first = inputs[0];
  const sniffer = first === undefined || first.compiled.groupColumns.length > 0 ? undefined : createGroupSniffer(first.header);
  const keep = options.keepProblems ?? 20;
  const { firstProblems, problemCount } = await collectRowFindings(limit.rows, {
    ...outputs,
    tally,
    sniffer,
    onRecord: deps.onRecord,
    keep,
    cwd,
  });
  const summary = tally.summary(limit.stopped());
  const interrupted = deps.signal?.aborted === true;
  const grouped = sniffer?.finish(summary);
  if (grouped !== undefined) deps.onWarning?.(grouped);
  const found = { template: base.template, summary, interrupted, templateChanged: job.templateChanged };
  const html =
    outputs.page === undefined || options.htmlFile === undefined
      ? undefined
      : { file: options.htmlFile, ...(await writeValidateHtml(options, found, outputs.page, inputs, deps.clock ?? Date.now)) };
  const annotated =
    outputs.annotate === undefined || options.annotateFile === undefined || first === undefined
      ? undefined
      : {
          file: options.annotateFile,
          ...(await writeValidateAnnotatedCopy({ file: options.annotateFile, cwd }, first, outputs.annotate, found)),
        };
  return { ...base, summary, interrupted, interruptedBeforeRows: false, nothingToDo, firstProblems, problemCount, html, annotated };
}

/** The result of a run the signal stopped before the first row: nothing read, no file written. */
function interruptedBeforeRows(
  base: Pick<ValidateResult, 'mapping' | 'template' | 'templateChanged'>,
  summary: ValidationSummary,
): ValidateResult {
  return {
    ...base,
    summary,
    interrupted: true,
    interruptedBeforeRows: true,
    nothingToDo: false,
    firstProblems: [],
    problemCount: 0,
    errorsFile: undefined,
    html: undefined,
  };
}
