import path from 'node:path';
import { MgeError } from '../../errors/mge-error.js';
import { checkReportPath } from '../../report/check-report-path.js';
import { exportFailedRows } from '../../report/export-failed-rows.js';
import { exportUploadedRows } from '../../report/export-uploaded-rows.js';
import { buildReportView } from '../../report/html/build-report-view.js';
import { writeHtmlReport } from '../../report/html/write-html-report.js';
import { loadReportState } from '../../report/load-report-state.js';
import { summariseReport, type ReportSummary } from '../../report/summarise-report.js';
import { packageVersion } from '../../util/package-info.js';
import type { CliIo } from '../cli-io.js';
import { commandFile } from '../check-command-files.js';
import { defineCommand } from '../define-command.js';
import { EXIT } from '../exit-code-for.js';
import { formatReportSummary } from '../render/format-report-summary.js';

/** Options of {@link reportCommandRun}. */
export interface ReportOptions {
  readonly file: string;
  /** Write the rows that did not upload here (`.xlsx`, `.csv` or `.jsonl`). @default undefined */
  readonly failedOut: string | undefined;
  /** Write every uploaded row with its platform id here (`.csv`). @default undefined */
  readonly uploadedOut?: string | undefined;
  /** Write the report as one self-contained HTML page here. @default undefined */
  readonly html?: string | undefined;
  /** @default false */
  readonly json: boolean;
}

/** What `report --json` prints. */
export interface ReportJson extends ReportSummary {
  readonly file: string;
  readonly failedOut: { readonly file: string; readonly rows: number } | undefined;
  readonly uploadedOut: { readonly file: string; readonly rows: number } | undefined;
  readonly html: { readonly file: string; readonly bytes: number } | undefined;
}

/**
 * `report`: reads a report (read-only, no lock: a running ingest may be appending; its torn last line
 * is skipped), prints counts, errors by code, uncertain and changed rows, and with `failedOut` writes
 * the rows not known to be stored in the input's own columns plus the error columns (the format of
 * `validate --errors`). The exit code says what is outstanding now, not what earlier runs went
 * through: 0 when no row is invalid, failed, uncertain or changed by its latest status and the latest
 * real run finished; 1 otherwise (a latest run interrupted, stopped or killed, or still running, has
 * rows it never reached, in no line yet).
 */
export async function reportCommandRun(options: ReportOptions, io: CliIo): Promise<number> {
  const file = path.resolve(io.cwd, options.file);
  await checkReportPath(file, { forWriting: false, option: '<file>' });
  const { state, warnings, exists } = await loadReportState(file);
  if (!exists) {
    throw new MgeError('usage', 'REPORT_NOT_FOUND', `there is no report ${options.file}`, {
      location: { file: options.file },
      hint: 'Give the --report file of an ingest run.',
    });
  }
  for (const w of warnings) io.stderr.write(`warning ${w.code}: ${w.file} line ${w.line}\n`);
  const summary = summariseReport(state);
  let failedOut: ReportJson['failedOut'];
  if (options.failedOut !== undefined) {
    const { rows } = await exportFailedRows(state, path.resolve(io.cwd, options.failedOut));
    failedOut = { file: options.failedOut, rows };
  }
  const uploadedOut = options.uploadedOut === undefined ? undefined : { file: options.uploadedOut, ...(await exportUploadedRows(state, path.resolve(io.cwd, options.uploadedOut))) };
  let html: ReportJson['html'];
  if (options.html !== undefined) {
    const view = buildReportView(state, summary, { file: options.file, generatedAt: new Date().toISOString(), toolVersion: packageVersion() });
    html = { file: options.html, ...(await writeHtmlReport(view, path.resolve(io.cwd, options.html))) };
  }
  if (options.json) {
    const json: ReportJson = { file: options.file, ...summary, failedOut, uploadedOut, html };
    io.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    io.stdout.write(formatReportSummary(options.file, summary));
    if (failedOut) io.stdout.write(`\n${failedOut.rows} row(s) not known to be stored (invalid, failed, uncertain) written to ${failedOut.file}: fix them and run ingest on that file with the same mapping and report\n`);
    if (uploadedOut) io.stdout.write(`\n${uploadedOut.rows} uploaded row(s) with their platform ids written to ${uploadedOut.file}\n`);
    if (html) io.stdout.write(`\nthe report as a page: ${html.file}\n`);
  }
  return summary.outstanding > 0 || summary.unfinished !== undefined ? EXIT.rowsFailed : EXIT.ok;
}

export const reportCommand = defineCommand({
  command: 'report <file>',
  describe: 'summarise an ingest report; export the rows that did not upload, ready to fix and re-feed',
  settings: ['output'],
  builder: (y) =>
    y
      .positional('file', { type: 'string', describe: 'the report (JSON lines) of ingest --report' })
      .option('html', { type: 'string', describe: 'write the report as one self-contained HTML page (counts, runs, charts, a sortable and filterable problem table): open it in a browser or mail it' })
      .option('uploaded-out', { type: 'string', describe: 'write every uploaded row with its platform id: key,file,sheet,row,id,hash (.csv)' })
      .option('failed-out', {
        type: 'string',
        describe: 'write the rows not known to be stored (invalid, failed, uncertain): the input\'s columns, then _status _file _sheet _row _cells _codes _errors (.xlsx, .csv or .jsonl), as validate --errors does; .xlsx opens in a spreadsheet with exact values and no formulas',
      })
      .epilogue('Exit codes: 0 nothing outstanding (every row uploaded, the latest run finished); 1 rows invalid, failed, uncertain or changed by their latest status, or a latest run that did not finish; 2 no such report.'),
  examples: [
    ['$0 report steel.report.jsonl', 'counts by status, errors by code, uncertain and changed rows'],
    ['$0 report steel.report.jsonl --failed-out failed.xlsx', 'the rows to fix, in their own columns plus the error columns'],
    ['$0 report steel.report.jsonl --json', 'the same as JSON for scripts'],
    ['$0 report steel.report.jsonl --html steel.html', 'the report as a page to open in a browser or mail'],
  ],
  files: (args) => ({ inputs: commandFile('<file> (the report)', args['file']), outputs: [...commandFile('--failed-out', args['failed-out']), ...commandFile('--uploaded-out', args['uploaded-out']), ...commandFile('--html', args['html'])] }),
  run: (args, context) => {
    const named = (name: string): string | undefined => {
      const value = args[name];
      return typeof value === 'string' && value !== '' ? value : undefined;
    };
    return reportCommandRun(
      { file: String(args['file']), failedOut: named('failed-out'), uploadedOut: named('uploaded-out'), html: named('html'), json: context.settings.json },
      context.io,
    );
  },
});
