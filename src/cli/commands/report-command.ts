import type { ReportResult } from '../../pipeline/run-report.js';
import { UsageError } from '../usage-error.js';
import { displayPath } from '../../util/display-path.js';
import { packageVersion } from '../../util/package-info.js';
import { commandFile } from '../check-command-files.js';
import { defineCommand } from '../define-command.js';
import { exitCodeForReport } from '../exit-codes.js';
import { formatReportSummary } from '../render/format-report-summary.js';
import { formatWarning } from '../render/format-warning.js';

/** The report names or globs as given (after the word `compact`, the one report to compact). */
function reportNames(args: Readonly<Record<string, unknown>>): string[] {
  const names = ((args['files'] as unknown[] | undefined) ?? []).map(String).filter((name) => name !== '');
  return names[0] === 'compact' && names.length > 1 ? names.slice(1) : names;
}

/** `report compact FILE`, else undefined: the word `compact` followed by one report (a report named so is `./compact`). */
function compactTarget(args: Readonly<Record<string, unknown>>): string | undefined {
  const names = ((args['files'] as unknown[] | undefined) ?? []).map(String);
  if (names[0] !== 'compact' || names.length < 2) return undefined;
  if (names.length > 2 || names[1] === '') {
    throw new UsageError('OPTION_INVALID', 'report compact takes one report: report compact FILE', { location: { field: '<file>' } });
  }
  return names[1];
}

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** What `report --json` prints: the summary, flat, with what was written (schema/report-output.schema.json). */
function reportJson(file: string, result: ReportResult): Record<string, unknown> {
  return {
    schemaVersion: 1,
    file,
    ...(result.files !== undefined && result.files.length > 1 ? { files: result.files, unfinishedIn: result.unfinishedIn } : {}),
    ...result.summary,
    failedOut: result.failedOut,
    uploadedOut: result.uploadedOut,
    changedOut: result.changedOut,
    annotated: result.annotated,
    html: result.html,
  };
}

/** The text of `report`: the summary, then where each file went. */
function reportText(file: string, result: ReportResult): string {
  const { failedOut, uploadedOut, changedOut, annotated, html } = result;
  const files = result.files ?? [file];
  let text = formatReportSummary(files.length > 1 ? `${files.length} reports (${files.join(', ')})` : file, result.summary);
  const others = result.summary.lastSummary?.otherShards;
  if (files.length === 1 && others !== undefined)
    text += `the last run was one shard (--shard ${String(result.summary.lastRun?.settings['shard'] ?? '?')}): ${others} record(s) of other shards were read and left to their reports\n`;
  if (files.length > 1 && (result.unfinishedIn ?? []).length > 0)
    text += `latest run not finished in: ${(result.unfinishedIn ?? []).join(', ')}\n`;
  const stray = result.summary.stray?.problems.length ?? 0;
  if (failedOut)
    text += `\n${failedOut.rows - stray} record(s) not known to be stored (invalid, failed, uncertain)${stray > 0 ? ` and ${stray} row(s) of no record` : ''} written to ${failedOut.file}: fix them and run ingest on that file with the same mapping and report\n`;
  if (uploadedOut) text += `\n${uploadedOut.rows} uploaded record(s) with their platform ids written to ${uploadedOut.file}\n`;
  if (changedOut)
    text += `\n${changedOut.rows} changed record(s) with the id of the record each differs from written to ${changedOut.file}\n`;
  if (annotated) text += `\n${annotated.input} with the report's problems and statuses on its cells written to ${annotated.file}\n`;
  if (html) text += `\nthe report as a page: ${html.file}\n`;
  return text;
}

/**
 * `report FILE`: summarizes a report (see `runReport`). The exit code says what is outstanding now,
 * not what earlier runs went through (`exitCodeForReport`).
 */
export const reportCommand = defineCommand({
  command: 'report <files..>',
  describe:
    'summarize an ingest report (or several, such as the shards of one run, as one), or compact one; export the rows that did not upload, ready to fix and re-feed',
  settings: ['output'],
  builder: (y) =>
    y
      .positional('files', {
        type: 'string',
        array: true,
        describe:
          'the report (JSON lines) of ingest --report; several, or a quoted glob such as "reports/shard-*.jsonl", are summarized as one (the shards of --shard I/N); or the word compact, then one report to rewrite as its state (one line per key; refused while a run holds its lock)',
      })
      .option('html', {
        type: 'string',
        describe:
          'write the report as one self-contained HTML page (counts, runs, charts, a sortable and filterable problem table): open it in a browser or mail it',
      })
      .option('uploaded-out', {
        type: 'string',
        describe: 'write every uploaded row as the input holds it, then platform id,key,uploaded at,file,sheet,row,note (.csv or .xlsx)',
      })
      .option('changed-out', {
        type: 'string',
        describe:
          'write every changed row (a known key with new content) with the id of the record it differs from, the fields that differ, and its cells (.csv or .xlsx)',
      })
      .option('annotate', {
        type: 'string',
        describe:
          'write a copy of the input (.xlsx) with every problem on its cell and each row\'s status: filled cells with notes, a status column, a first sheet "Problems" linking to each',
      })
      .option('input', {
        type: 'string',
        describe: 'with --annotate: the input to copy, when the report holds rows of several (one it holds rows of)',
      })
      .option('failed-out', {
        type: 'string',
        describe:
          "write the rows not known to be stored (invalid, failed, uncertain) and the latest run's rows of no record: the input's columns, then _status _file _sheet _row _cells _codes _errors (.xlsx, .csv or .jsonl), as validate --errors does; .xlsx opens in a spreadsheet with exact values and no formulas",
      })
      .epilogue(
        'Exit codes: 0 nothing outstanding (every row uploaded, the latest run finished); 1 rows invalid, failed, uncertain or changed by their latest status, rows of no record in the latest run, or a latest run that did not finish (killed, interrupted, stopped by an error, or stopped early by --max-errors or --max-changes); 2 no such report.',
      ),
  examples: [
    ['$0 report steel.report.jsonl', 'counts by status, errors by code, uncertain and changed rows'],
    ['$0 report steel.report.jsonl --failed-out failed.xlsx', 'the rows to fix, in their own columns plus the error columns'],
    ['$0 report steel.report.jsonl --json', 'the same as JSON for scripts'],
    ['$0 report steel.report.jsonl --html steel.html', 'the report as a page to open in a browser or mail'],
    ['$0 report steel.report.jsonl --annotate steel-checked.xlsx', 'the input back with every problem and status on its row and cell'],
    [
      '$0 report "reports/shard-*.jsonl" --failed-out failed.xlsx',
      'the shards of one run (--shard I/N) as one: counts, and the rows to fix of all of them',
    ],
    [
      '$0 report compact steel.report.jsonl',
      'rewrite the report as its state: one line per key, the runs kept; report and resume give the same',
    ],
  ],
  files: (args) => ({
    inputs: commandFile('--input', args['input']),
    reportPatterns: { option: '<file> (the report)', patterns: reportNames(args) },
    outputs: [
      ...commandFile('--failed-out', args['failed-out']),
      ...commandFile('--uploaded-out', args['uploaded-out']),
      ...commandFile('--changed-out', args['changed-out']),
      ...commandFile('--annotate', args['annotate'], { replaced: true }),
      ...commandFile('--html', args['html'], { replaced: true }),
    ],
  }),
  run: async (args, context) => {
    const { io } = context;
    const named = (name: string): string | undefined => {
      const value = args[name];
      return typeof value === 'string' && value !== '' ? value : undefined;
    };
    const onWarning = (w: Parameters<typeof formatWarning>[0]): void => {
      io.stderr.write(formatWarning(w, (f) => displayPath(io.cwd, f)));
    };
    const compact = compactTarget(args);
    if (compact !== undefined) {
      // Loaded on use: the report stage (spreadsheet readers and writers, the HTML page) is no part of
      // --help, completion or the other commands.
      const { runCompactReport } = await import('../../pipeline/run-compact-report.js');
      const lock = { runtimeDir: io.env['XDG_RUNTIME_DIR'] };
      const done = await runCompactReport({ file: compact, cwd: io.cwd }, { onWarning, lock });
      io.stdout.write(
        context.settings.json
          ? `${JSON.stringify({ schemaVersion: 1, file: compact, ...done }, null, 2)}\n`
          : `${compact}: compacted, ${done.linesBefore} lines (${mib(done.bytesBefore)}) → ${done.linesAfter} lines (${mib(done.bytesAfter)}) for ${done.keys} record(s)\n`,
      );
      return 0;
    }
    const files = reportNames(args);
    const file = files[0] ?? '';
    const { runReport } = await import('../../pipeline/run-report.js');
    const result = await runReport(
      {
        file,
        files,
        cwd: io.cwd,
        failedOut: named('failed-out'),
        uploadedOut: named('uploaded-out'),
        changedOut: named('changed-out'),
        annotate: named('annotate'),
        annotateInput: named('input'),
        html: named('html'),
        version: packageVersion(),
      },
      { onWarning },
    );
    io.stdout.write(context.settings.json ? `${JSON.stringify(reportJson(file, result), null, 2)}\n` : reportText(file, result));
    return exitCodeForReport(result.summary);
  },
});
