import path from 'node:path';
import { checkRecordedFiles, type ReportOutput } from '../report/check-recorded-files.js';
import { exportChangedRows } from '../report/export-changed-rows.js';
import { exportFailedRows } from '../report/export-failed-rows.js';
import { changedFieldTexts } from '../report/read-changed-fields.js';
import { exportUploadedRows } from '../report/export-uploaded-rows.js';
import { buildReportView } from '../report/html/build-report-view.js';
import { writeHtmlReport } from '../report/html/write-html-report.js';
import { annotateFromReport } from './annotate-from-report.js';
import { expandReportFiles } from './expand-report-files.js';
import { recordedReadOptions } from './job/recorded-read-options.js';
import { loadReports } from './load-reports.js';
import type { ReportResult, RunReportDeps, RunReportOptions } from './report-types.js';
import { wholeReportState } from './whole-report-state.js';

export type { ReportResult, RunReportDeps, RunReportOptions } from './report-types.js';

/**
 * The `report` pipeline: reads reports without a lock (a running ingest's torn last line is skipped
 * with a warning), folds and summarizes them, and writes the exports asked for (docs/report-format.md).
 * @throws PipelineError `REPORT_NOT_FOUND`, ReportError `REPORT_NOT_A_FILE`, `REPORT_CORRUPT`,
 *   `OUTPUT_IS_INPUT`, and the export files' errors.
 */
export async function runReport(options: RunReportOptions, deps: RunReportDeps = {}): Promise<ReportResult> {
  const resolve = (file: string): string => path.resolve(options.cwd, file);
  const names = await expandReportFiles(options.files ?? [options.file], options.cwd);
  const { state, summary, unfinishedIn } = await loadReports(names, options, deps);
  // Nothing is written over a file the reports' runs read (an input, the mapping): the command line
  // checks the report itself and --input, but these are known only now.
  await checkRecordedFiles(requestedOutputs(options), state.runs, names, options.cwd);
  const failedOut =
    options.failedOut === undefined
      ? undefined
      : { file: options.failedOut, rows: (await exportFailedRows(state, resolve(options.failedOut), summary.stray?.problems)).rows };
  const uploadedOut =
    options.uploadedOut === undefined
      ? undefined
      : {
          file: options.uploadedOut,
          rows: (
            await exportUploadedRows(wholeReportState(state), resolve(options.uploadedOut), {
              resolve,
              sourceOptions: recordedReadOptions(state.runs, options.cwd),
            })
          ).rows,
        };
  const changedOut =
    options.changedOut === undefined
      ? undefined
      : { file: options.changedOut, rows: (await exportChangedRows(state, resolve(options.changedOut), names.map(resolve))).rows };
  const annotated =
    options.annotate === undefined ? undefined : await annotateFromReport(options, wholeReportState(state), summary, names.map(resolve));
  let html: ReportResult['html'];
  if (options.html !== undefined) {
    const whole = wholeReportState(state);
    const view = buildReportView(whole, summary, {
      file: names.join(', '),
      generatedAt: new Date((deps.clock ?? Date.now)()).toISOString(),
      toolVersion: options.version,
      changedFields: await changedFieldTexts(whole.keys.values(), names.map(resolve)),
    });
    html = { file: options.html, ...(await writeHtmlReport(view, resolve(options.html))) };
  }
  return { summary, failedOut, uploadedOut, changedOut, annotated, html, files: names, unfinishedIn };
}

/** The files `report` was asked to write, by option. */
function requestedOutputs(options: RunReportOptions): ReportOutput[] {
  return (
    [
      ['--failed-out', options.failedOut],
      ['--uploaded-out', options.uploadedOut],
      ['--changed-out', options.changedOut],
      ['--annotate', options.annotate],
      ['--html', options.html],
    ] as const
  ).flatMap(([option, file]) => (file === undefined ? [] : [{ option, file }]));
}
