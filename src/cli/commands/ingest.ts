import type { Logger } from 'pino';
import { isMgeError } from '../../errors/mge-error.js';
import { runIngest, type IngestWarning, type RunIngestDeps, type RunIngestOptions } from '../../pipeline/run-ingest.js';
import type { UploadSummary } from '../../upload/upload-types.js';
import type { CliIo } from '../cli-io.js';
import { EXIT } from '../exit-code-for.js';
import { createProgress } from '../render/create-progress.js';
import { formatIngestSummary, type IngestSummaryView } from '../render/format-ingest-summary.js';
import { shellQuote } from '../render/shell-quote.js';

/** How the command shows the run. */
export interface IngestOutput {
  readonly io: CliIo;
  readonly json: boolean;
  readonly quiet: boolean;
  /** The command line, printed as the way to resume. */
  readonly argv: readonly string[];
  /** Plain progress lines off a terminal, every this many ms. @default 5000 */
  readonly progressIntervalMs?: number;
  /**
   * The run's log (`--log-file`): warnings, every row to check (invalid, failed, uncertain, changed),
   * the summary and a fatal stop, as JSON lines for a nightly job's records. @default undefined (no log)
   */
  readonly logger?: Logger;
}

function warningText(warning: IngestWarning): string {
  if ('message' in warning) return `warning ${warning.code}: ${warning.message}\n${warning.lines.map((l) => `  ${l}\n`).join('')}`;
  if ('line' in warning) return `warning ${warning.code}: ${warning.file} line ${warning.line} (left by a crash; repaired)\n`;
  const why = { 'dead-process': 'its process, on this host, is gone', 'no-heartbeat': 'it had no heartbeat for over a minute: its run is gone', unreadable: 'a crash left it unreadable' }[warning.reason];
  return `warning ${warning.code}: took over the lock ${warning.file}: ${why}\n`;
}

function view(summary: UploadSummary & { plans?: Readonly<Record<string, number>> }, report: string, template: IngestSummaryView['template'], dryRun: boolean, exitCode: number, fatal?: string): IngestSummaryView {
  return {
    report,
    template,
    dryRun,
    counts: summary.counts,
    rows: summary.rows,
    notUploaded: summary.notUploaded,
    toCheck: summary.toCheck,
    durationMs: summary.durationMs,
    interrupted: summary.interrupted,
    fatal,
    plans: summary.plans,
    exitCode,
  };
}

/**
 * `ingest`: runs {@link runIngest} with a progress display, then prints the summary (a table, or JSON
 * with `--json`) and, when the run was cut short, the command that resumes it. Resolves with the exit
 * code of PRODUCT.md; a fatal stop prints the summary and rethrows (exit 3).
 */
export async function ingest(options: RunIngestOptions, deps: RunIngestDeps, out: IngestOutput): Promise<number> {
  const { io } = out;
  const progress = createProgress({ stream: io.stderr, tty: io.stderrIsTty ?? false, quiet: out.quiet, ...(out.progressIntervalMs ? { intervalMs: out.progressIntervalMs } : {}) });
  const resumeHint = `resume with: mge-ingest ${out.argv.map(shellQuote).join(' ')}\n`;
  const print = (v: IngestSummaryView): void => {
    if (out.json) io.stdout.write(`${JSON.stringify(v, null, 2)}\n`);
    else io.stdout.write(formatIngestSummary(v));
  };
  const log = out.logger;
  try {
    const result = await runIngest(options, {
      ...deps,
      onWarning: (w) => {
        io.stderr.write(warningText(w));
        log?.warn({ warning: w }, w.code);
      },
      onStart: (start) => {
        log?.info({ report: options.reportFile, template: start.templateId, inputs: start.inputs.map((i) => i.file), knownKeys: start.knownKeys, dryRun: options.dryRun ?? false }, 'ingest started');
        progress.start(start.pauseRemaining, undefined, start.reading);
      },
      onOutcome: (o) => {
        if (o.type === 'invalid' || o.type === 'failed' || o.type === 'uncertain' || o.type === 'changed') log?.warn({ row: o }, `row ${o.type}`);
        progress.outcome(o);
      },
    });
    progress.stop();
    const summaryView = { ...view(result.summary, options.reportFile, result.template, result.dryRun, result.exitCode), nothingToDo: result.nothingToDo };
    log?.info({ summary: summaryView }, result.nothingToDo ? 'ingest: nothing to do' : 'ingest finished');
    print(summaryView);
    if (result.exitCode === EXIT.interrupted) io.stderr.write(`interrupted: in-flight requests drained and the report flushed; ${resumeHint}`);
    return result.exitCode;
  } catch (error) {
    progress.stop();
    const summary = isMgeError(error) ? (error.details['summary'] as UploadSummary | undefined) : undefined;
    log?.error({ code: isMgeError(error) ? error.code : 'INTERNAL', summary }, 'ingest stopped');
    if (summary !== undefined && isMgeError(error)) {
      print(view(summary, options.reportFile, undefined, options.dryRun ?? false, EXIT.aborted, error.code));
      io.stderr.write(`the report is consistent; after fixing the cause, ${resumeHint}`);
    }
    throw error;
  }
}
