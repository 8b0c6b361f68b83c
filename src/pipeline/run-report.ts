import path from 'node:path';
import { checkRecordedFiles } from '../report/check-recorded-files.js';
import { checkReportPath } from '../report/check-report-path.js';
import { exportFailedRows } from '../report/export-failed-rows.js';
import { exportUploadedRows } from '../report/export-uploaded-rows.js';
import { exportChangedRows } from '../report/export-changed-rows.js';
import { reportAnnotations, reportInputs, sameInput } from '../report/annotate/report-annotations.js';
import { writeAnnotatedCopy } from '../report/annotate/write-annotated-copy.js';
import type { LedgerState, ReportState } from '../report/fold-report.js';
import { ReportError } from '../report/report-errors.js';
import { identifyPath } from '../util/identify-path.js';
import { samePath } from '../util/find-path-clashes.js';
import { buildReportView } from '../report/html/build-report-view.js';
import { writeHtmlReport } from '../report/html/write-html-report.js';
import { loadReportState } from '../report/load-report-state.js';
import { summarizeReport, type ReportSummary } from '../report/summarize-report.js';
import { expandReportFiles } from './expand-report-files.js';
import { mergeReportStates, summarizeReports, type ReportPart } from './merge-report-states.js';
import { PipelineError } from './pipeline-errors.js';
import { recordedReadOptions } from './job/recorded-read-options.js';
import type { OnWarning } from './pipeline-warning.js';

/** Options of {@link runReport}. */
export interface RunReportOptions {
  /** The report, as the user named it. */
  readonly file: string;
  /**
   * Several reports (the shards of a run) summarized as one, names or globs (`expandReportFiles`);
   * `file` is then the first, and only names them. @default [file]
   */
  readonly files?: readonly string[];
  /** Where relative paths are found. */
  readonly cwd: string;
  /** Write the rows that did not upload here (`.xlsx`, `.csv` or `.jsonl`); undefined writes none. */
  readonly failedOut: string | undefined;
  /** Write every uploaded row with its platform id here (`.csv` or `.xlsx`); undefined writes none. */
  readonly uploadedOut: string | undefined;
  /** Write every changed row with the id of the record it differs from here (`.csv` or `.xlsx`); undefined writes none. */
  readonly changedOut?: string | undefined;
  /** Write a copy of an input with the report's problems and statuses on its cells here (`.xlsx`). */
  readonly annotate?: string | undefined;
  /** The input to copy for `annotate`, when the report holds rows of several. @default the report's one input */
  readonly annotateInput?: string | undefined;
  /** Write the report as one self-contained HTML page here; undefined writes none. */
  readonly html: string | undefined;
  /** The tool's version, on the page. */
  readonly version: string;
}

/** The adapters of {@link runReport}. */
export interface RunReportDeps {
  /** A torn last line (a crash, or a run still writing): skipped, and said so. */
  readonly onWarning?: OnWarning;
  /** For the page's date. @default Date.now */
  readonly clock?: () => number;
}

/** What `report` found and wrote: facts for the CLI to show and to map to an exit code. */
export interface ReportResult {
  readonly summary: ReportSummary;
  readonly failedOut: { readonly file: string; readonly rows: number } | undefined;
  readonly uploadedOut: { readonly file: string; readonly rows: number } | undefined;
  readonly changedOut?: { readonly file: string; readonly rows: number } | undefined;
  readonly annotated?: { readonly file: string; readonly bytes: number; readonly input: string } | undefined;
  readonly html: { readonly file: string; readonly bytes: number } | undefined;
  /** The reports read, as named (globs expanded). */
  readonly files?: readonly string[];
  /** Those of them whose latest run did not finish. */
  readonly unfinishedIn?: readonly string[];
}

/**
 * The `report` pipeline: reads a report (read-only, no lock: a running ingest may be appending; its
 * torn last line is skipped with a warning), folds and summarizes it (every key by its latest status,
 * errors by code, uncertain and changed rows, whether the latest run finished), and writes what was
 * asked: the rows not known to be stored in the one format of rows to fix (`--failed-out`), the
 * uploaded rows with their ids (`--uploaded-out`), the page (`--html`).
 * @throws PipelineError `REPORT_NOT_FOUND`, ReportError `REPORT_NOT_A_FILE` (kind `usage`), `REPORT_CORRUPT`,
 *   `OUTPUT_IS_INPUT` (an output is an input or the mapping the reports' runs read), and the export
 *   files' errors.
 */
export async function runReport(options: RunReportOptions, deps: RunReportDeps = {}): Promise<ReportResult> {
  const resolve = (file: string): string => path.resolve(options.cwd, file);
  const names = await expandReportFiles(options.files ?? [options.file], options.cwd);
  // One report is folded compactly unless an output needs every uploaded row (their lists, the page,
  // the annotated copy): its memory then stays flat (ARCHITECTURE.md). Several (the shards of a run)
  // are folded whole, one after another, then their keys and runs put together.
  const whole = names.length > 1 || options.uploadedOut !== undefined || options.annotate !== undefined || options.html !== undefined;
  let state: LedgerState;
  let summary: ReportSummary;
  let unfinishedIn: readonly string[];
  if (!whole) {
    state = await loadOne(names[0] ?? options.file, resolve(names[0] ?? options.file), deps, false);
    summary = summarizeReport(state);
    unfinishedIn = summary.unfinished === undefined ? [] : [names[0] ?? options.file];
  } else {
    const parts: ReportPart[] = [];
    for (const name of names) parts.push({ file: name, state: wholeState(await loadOne(name, resolve(name), deps, true)) });
    state = mergeReportStates(parts);
    ({ summary, unfinished: unfinishedIn } = summarizeReports(parts, wholeState(state)));
  }
  // Nothing is written over a file the reports' runs read (an input, the mapping): the command line
  // checks the report itself and --input, but these are known only now.
  const outputs = (
    [
      ['--failed-out', options.failedOut],
      ['--uploaded-out', options.uploadedOut],
      ['--changed-out', options.changedOut],
      ['--annotate', options.annotate],
      ['--html', options.html],
    ] as const
  ).flatMap(([option, file]) => (file === undefined ? [] : [{ option, file }]));
  await checkRecordedFiles(outputs, state.runs, names, options.cwd);
  const failedOut =
    options.failedOut === undefined
      ? undefined
      : { file: options.failedOut, rows: (await exportFailedRows(state, resolve(options.failedOut))).rows };
  const uploadedOut =
    options.uploadedOut === undefined
      ? undefined
      : {
          file: options.uploadedOut,
          rows: (
            await exportUploadedRows(wholeState(state), resolve(options.uploadedOut), {
              resolve,
              sourceOptions: recordedReadOptions(state.runs, options.cwd),
            })
          ).rows,
        };
  const changedOut =
    options.changedOut === undefined
      ? undefined
      : { file: options.changedOut, rows: (await exportChangedRows(state, resolve(options.changedOut), names.map(resolve))).rows };
  const annotated = options.annotate === undefined ? undefined : await annotateFromReport(options, wholeState(state), summary);
  let html: ReportResult['html'];
  if (options.html !== undefined) {
    const view = buildReportView(wholeState(state), summary, {
      file: names.join(', '),
      generatedAt: new Date((deps.clock ?? Date.now)()).toISOString(),
      toolVersion: options.version,
    });
    html = { file: options.html, ...(await writeHtmlReport(view, resolve(options.html))) };
  }
  return { summary, failedOut, uploadedOut, changedOut, annotated, html, files: names, unfinishedIn };
}

/** The state loaded whole (`whole` above): the exports of uploaded rows need every key. */
function wholeState(state: LedgerState): ReportState {
  if (!(state.keys instanceof Map)) throw new Error('internal: the report was folded compactly where every key is needed');
  return state as ReportState;
}

/** One report read and folded (read-only, no lock; a torn last line skipped with a warning). */
async function loadOne(name: string, file: string, deps: RunReportDeps, whole: boolean): Promise<LedgerState> {
  await checkReportPath(file, { forWriting: false, option: '<file>' });
  // The summary only counts the plainly uploaded keys: none is looked up unless a line after the ledger index names it.
  const { state, warnings, exists } = whole
    ? await loadReportState(file, { whole: true })
    : await loadReportState(file, { lazyKeys: true });
  if (!exists) {
    throw new PipelineError('REPORT_NOT_FOUND', `there is no report ${name}`, {
      location: { file: name },
      hint: 'Give the --report file of an ingest run (or a glob of several, quoted).',
    });
  }
  for (const w of warnings) deps.onWarning?.(w);
  return state;
}

/** `report --annotate`: the one input of the report (or `--input`) copied with the report's findings on its cells. */
async function annotateFromReport(
  options: RunReportOptions,
  state: ReportState,
  summary: ReportSummary,
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
  const { problems, problemCount, statuses } = reportAnnotations(state, same);
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
