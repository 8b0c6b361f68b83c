import type { Logger } from 'pino';
import { isMgeError } from '../../errors/mge-error.js';
import { runIngest, type IngestResult, type RunIngestDeps, type RunIngestOptions, type UploadSummary } from '../../pipeline/run-ingest.js';
import { RunStoppedError } from '../../pipeline/run-stopped-error.js';
import { displayPath } from '../../util/display-path.js';
import type { CliIo } from '../cli-io.js';
import { EXIT, exitCodeForError, exitCodeForRun } from '../exit-codes.js';
import { createProgress } from '../render/create-progress.js';
import { formatIngestSummary, type IngestSummaryView } from '../render/format-ingest-summary.js';
import { formatWarning } from '../render/format-warning.js';
import { problemJson } from '../render/problem-json.js';
import { shellQuote } from '../render/shell-quote.js';

/** How the command shows the run. */
export interface IngestOutput {
  readonly io: CliIo;
  readonly json: boolean;
  readonly quiet: boolean;
  /** The command line, printed as the way to resume. */
  readonly argv: readonly string[];
  /** Plain progress lines off a terminal, every this many ms. */
  readonly progressIntervalMs: number;
  /**
   * The run's log (`--log-file`): warnings, every row to check (invalid, failed, uncertain, changed),
   * the summary and a fatal stop, as JSON lines for a nightly job's records. @default undefined (no log)
   */
  readonly logger?: Logger;
  /** Told what a run that ended without an error found (the metrics file). */
  readonly onResult?: (result: IngestResult) => void;
}

/** The exit code of a run that ended without an error (docs/guarantees.md → Exit codes). */
function runExitCode(summary: UploadSummary, strayRows = 0): number {
  return exitCodeForRun({
    interrupted: summary.interrupted,
    stoppedEarly: summary.stoppedBy !== undefined,
    // Rows of no record are rows to check, as the records not uploaded are.
    rowsToCheck: summary.notUploaded + strayRows,
  });
}

function view(
  summary: UploadSummary & { plans?: Readonly<Record<string, number>> },
  report: string,
  template: IngestSummaryView['template'],
  dryRun: boolean,
  exitCode: number,
  fatal?: string,
): IngestSummaryView {
  return {
    report,
    template,
    dryRun,
    counts: summary.counts,
    duplicate: summary.duplicate ?? 0,
    rows: summary.rows,
    notUploaded: summary.notUploaded,
    toCheck: summary.toCheck,
    durationMs: summary.durationMs,
    interrupted: summary.interrupted,
    stoppedEarly: summary.stoppedBy !== undefined,
    stoppedBy: summary.stoppedBy,
    fatal,
    plans: summary.plans,
    exitCode,
  };
}

/**
 * `ingest`: {@link runIngest} with progress and warnings on stderr, then the summary (table or JSON)
 * and the resume command when cut short. Resolves with `exitCodeForRun`; a stopping error prints the
 * summary so far and is rethrown (exit 3).
 */
export async function ingest(options: RunIngestOptions, deps: RunIngestDeps, out: IngestOutput): Promise<number> {
  const { io } = out;
  const progress = createProgress({
    stream: io.stderr,
    tty: io.stderrIsTty ?? false,
    quiet: out.quiet,
    intervalMs: out.progressIntervalMs,
  });
  const resumeHint = `resume with: mge-ingest ${out.argv.map(shellQuote).join(' ')}\n`;
  const print = (v: IngestSummaryView): void => {
    // schema/ingest-output.schema.json
    if (out.json) io.stdout.write(`${JSON.stringify({ schemaVersion: 1, ...v, ...strayJson(v, name) }, null, 2)}\n`);
    else io.stdout.write(formatIngestSummary(v, name));
  };
  const log = out.logger;
  const name = (file: string): string => displayPath(io.cwd, file);
  try {
    const result = await runIngest(options, {
      ...deps,
      onWarning: (w) => {
        io.stderr.write(formatWarning(w, name));
        log?.warn({ warning: w }, w.code);
      },
      onStart: (start) => {
        log?.info(
          {
            report: options.reportFile,
            template: start.templateId,
            inputs: start.inputs.map((i) => i.file),
            knownKeys: start.knownKeys,
            dryRun: options.dryRun ?? false,
          },
          'ingest started',
        );
        progress.start(start.pauseRemaining, undefined, start.reading);
      },
      onOutcome: (o) => {
        if (o.type === 'invalid' || o.type === 'failed' || o.type === 'uncertain' || o.type === 'changed')
          log?.warn({ row: o }, `row ${o.type}`);
        progress.outcome(o);
      },
    });
    progress.stop();
    out.onResult?.(result);
    const exitCode = runExitCode(result.summary, result.stray?.rows);
    const summaryView = {
      ...view(result.summary, options.reportFile, result.template, result.dryRun, exitCode),
      nothingToDo: result.nothingToDo,
      ...(result.stray !== undefined ? { stray: result.stray } : {}),
      ...(result.otherShards !== undefined ? { otherShards: result.otherShards } : {}),
      ...(result.moved !== undefined ? { moved: result.moved } : {}),
    };
    log?.info({ summary: summaryView }, result.nothingToDo ? 'ingest: nothing to do' : 'ingest finished');
    print(summaryView);
    if (exitCode === EXIT.interrupted) io.stderr.write(`interrupted: in-flight requests drained and the report flushed; ${resumeHint}`);
    return exitCode;
  } catch (error) {
    progress.stop();
    const summary = error instanceof RunStoppedError ? error.summary : undefined;
    log?.error({ code: isMgeError(error) ? error.code : 'INTERNAL', summary }, 'ingest stopped');
    if (error instanceof RunStoppedError) {
      print(view(error.summary, options.reportFile, undefined, options.dryRun ?? false, exitCodeForError(error, false), error.code));
      io.stderr.write(`the report is consistent; after fixing the cause, ${resumeHint}`);
    }
    throw error;
  }
}

/** `--json`'s rows of no record: their problems as `validate --json` gives problems, flat. */
function strayJson(v: IngestSummaryView, name: (file: string) => string): Record<string, unknown> {
  return v.stray === undefined ? {} : { stray: { rows: v.stray.rows, problems: v.stray.problems.map((p) => problemJson(p, name)) } };
}
