import path from 'node:path';
import { reportAnnotations, reportInputs, sameInput } from '../report/annotate/report-annotations.js';
import { changedFieldTexts } from '../report/read-changed-fields.js';
import { writeAnnotatedCopy } from '../report/annotate/write-annotated-copy.js';
import type { ReportState } from '../report/fold-report.js';
import { ReportError } from '../report/report-errors.js';
import type { ReportSummary } from '../report/summarize-report.js';
import { samePath } from '../util/find-path-clashes.js';
import { identifyPath } from '../util/identify-path.js';
import type { ReportResult, RunReportOptions } from './report-types.js';

/**
 * `report --annotate`: the one input of the report (or `--input`) copied with the report's findings on its
 * cells; `reports` (resolved) are read again for the fields a changed row differs in.
 */
export async function annotateFromReport(
  options: RunReportOptions,
  state: ReportState,
  summary: ReportSummary,
  reports: readonly string[],
): Promise<ReportResult['annotated']> {
  const inputs = reportInputs(state);
  const input = options.annotateInput ?? (inputs.length === 1 ? inputs[0] : undefined);
  if (input === undefined) {
    throw new ReportError(
      'ANNOTATE_INPUT',
      inputs.length === 0
        ? 'the report holds no rows: there is no input to annotate'
        : `the report holds rows of ${inputs.length} inputs: name the one to annotate with --input`,
      {
        location: { field: '--annotate' },
        hint: inputs.slice(0, 5).join(', '),
      },
    );
  }
  // The input comes from the report, not from the command line, so the command's own check of its
  // files (src/util/find-path-clashes.ts) cannot see it: the same rule, here.
  const out = options.annotate ?? '';
  if (samePath(await identifyPath(out, options.cwd), await identifyPath(input, options.cwd))) {
    throw new ReportError('ANNOTATE_INPUT', `--annotate ${out} is the input ${input} itself: it would be overwritten`, {
      location: { field: '--annotate', file: out },
      hint: 'Write the copy to another file.',
    });
  }
  const same = sameInput(options.cwd, input);
  // A copy of a file the report holds no rows of would carry no mark: a clean bill it never earned.
  if (!inputs.some(same)) {
    throw new ReportError('ANNOTATE_INPUT', `the report holds no rows of ${input}: name one of its inputs with --input`, {
      location: { field: '--input', file: input },
      hint: inputs.slice(0, 5).join(', '),
    });
  }
  const changedFields = await changedFieldTexts(state.keys.values(), reports);
  const { problems, problemCount, statuses } = reportAnnotations(state, same, undefined, { stray: summary.stray?.problems, changedFields });
  const counts: [string, number][] = Object.entries(summary.counts).map(([k, v]) => [k, Number(v)]);
  // The columns the latest run that read the input took as numbers: its CSV cells there are numbers.
  const recorded = state.runs.flatMap((run) => run.inputs.filter((i) => same(i.file))).at(-1);
  const written = await writeAnnotatedCopy(
    {
      file: path.resolve(options.cwd, input),
      numberColumns: new Set(recorded?.numberColumns ?? []),
      problems,
      problemCount,
      statuses,
      summary: [['report', options.file], ['input', input], ['records', summary.keys], ...counts],
    },
    path.resolve(options.cwd, options.annotate ?? ''),
  );
  return { file: options.annotate ?? '', input, ...written };
}
