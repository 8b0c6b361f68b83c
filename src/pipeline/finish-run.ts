import { isMgeError } from '../errors/mge-error.js';
import type { ReportLineInput, StopError, StrayRows } from '../report/report-lines.js';
import type { UploadFailure, UploadSummary } from '../upload/upload-types.js';
import { RunStoppedError } from './run-stopped-error.js';

/** The error that stopped a run, as the summary line records it (code, message, where). */
function stopRecord(error: unknown): StopError {
  if (!isMgeError(error)) return { code: 'INTERNAL_ERROR', message: error instanceof Error ? error.message : String(error) };
  const location = error.location === undefined ? {} : { location: { ...error.location } };
  return { code: error.code, message: error.message, ...location };
}

/**
 * An input error part-way through the run. Before anything may be stored it stays what it is (exit 2:
 * nothing was uploaded). After, the run was aborted mid-way: the same code and place as a `fatal` error
 * (exit 3, resumable) carrying the counts so far, so no one reads "nothing was uploaded".
 */
function inputStop(error: unknown, summary: UploadSummary): unknown {
  // Not ours: a bug, printed with its own stack.
  if (!isMgeError(error)) return error;
  if (error.kind === 'fatal' || error.kind === 'internal') return new RunStoppedError(error, summary);
  const mayBeStored = summary.counts.uploaded + summary.counts.uncertain;
  if (mayBeStored === 0) return error;
  return new RunStoppedError(error, summary, {
    message: `${error.message} (the run stopped there, after ${summary.counts.uploaded} record(s) were uploaded and ${summary.counts.uncertain} left uncertain)`,
    hint: error.hint ?? 'Fix the input at that place and run the same command again: it resumes from the report.',
    details: { ...error.details, inputKind: error.kind },
  });
}

/**
 * Writes the `summary` line (unless the report is what failed) and decides what the run amounts to:
 * the summary, a {@link RunStoppedError} with it (exit 3), or an input error met before anything may
 * be stored, as it is (exit 2).
 */
export async function finishRun(
  report: { write(line: ReportLineInput): Promise<void> },
  summary: UploadSummary,
  failure: UploadFailure | undefined,
  found: { readonly otherShards?: number; readonly stray?: StrayRows | undefined } = {},
): Promise<UploadSummary> {
  const error = failure?.error;
  const reportBroken = isMgeError(error) && (error.code === 'REPORT_WRITE_FAILED' || error.code === 'REPORT_LOCK_LOST');
  if (!reportBroken) {
    await report.write({
      type: 'summary',
      counts: summary.counts,
      rows: summary.rows,
      durationMs: summary.durationMs,
      interrupted: summary.interrupted,
      ...(found.otherShards !== undefined ? { otherShards: found.otherShards } : {}),
      ...(summary.stoppedBy !== undefined ? { stoppedBy: summary.stoppedBy } : {}),
      ...(found.stray !== undefined ? { stray: found.stray } : {}),
      ...(failure !== undefined ? { fatal: isMgeError(error) ? error.code : 'INTERNAL_ERROR', error: stopRecord(error) } : {}),
    });
  }
  if (failure === undefined) return summary;
  if (failure.type === 'input') throw inputStop(failure.error, summary);
  throw new RunStoppedError(failure.error, summary);
}
