import type { ReportState } from '../report/fold-report.js';
import type { OutcomeCounts, OutcomeType, ReportLineInput, ReportLocation } from '../report/report-lines.js';
import type { BackoffOptions } from '../platform/backoff-delay.js';
import type { UploadQueue } from './create-upload-queue.js';
import type { Sleep } from './real-sleep.js';

/**
 * One submit attempt of a record's JSON text (a row's `body`): the platform client's `submitRecord`
 * bound to the username. Must not retry.
 */
export type SendRecord = (body: string, signal: AbortSignal) => Promise<number>;

/** The adapters {@link uploadRows} works with; everything with time or I/O is injected. */
export interface UploadDeps {
  readonly send: SendRecord;
  readonly queue: UploadQueue;
  /** Where lines go (a {@link ReportWriter}). */
  readonly report: { write(line: ReportLineInput): Promise<void> };
  /** The ledger of earlier runs on this report; absent = a fresh report. */
  readonly previous?: ReportState;
  /** @default Date.now */
  readonly clock?: () => number;
  /** @default realSleep */
  readonly sleep?: Sleep;
  /** @default Math.random */
  readonly random?: () => number;
  /** Graceful stop (first SIGINT/SIGTERM): take no new rows, let in-flight requests finish. */
  readonly signal?: AbortSignal;
  /** Hard stop (second SIGINT): cancel in-flight requests too; their rows end `uncertain`. */
  readonly abortSignal?: AbortSignal;
  /** Called once per row outcome, in completion order (progress bar, logs). */
  readonly onOutcome?: (outcome: RowOutcome) => void;
}

export interface UploadOptions {
  /** Retries after the first attempt, for failures that certainly stored nothing. @default 5 */
  readonly maxRetries?: number;
  /** Re-send rows whose outcome is unknown (here and from earlier runs): may duplicate. @default false */
  readonly retryUncertain?: boolean;
  /** Re-send rows the platform rejected in earlier runs. @default false */
  readonly retryFailed?: boolean;
  /** A known key with new content: report it, or upload it as a new record. @default 'report' */
  readonly onChange?: 'report' | 'upload';
  /** @default DEFAULT_BACKOFF (500 ms base, 30 s cap) */
  readonly backoff?: BackoffOptions;
  /** Consecutive network/502/503/504 failures that stop the run as `PLATFORM_UNREACHABLE`. @default 10 */
  readonly maxConsecutiveUnreachable?: number;
  /** Stop the run (`MAX_ERRORS_REACHED`) once this many rows are invalid. @default Infinity */
  readonly maxInvalid?: number;
  /** Rows taken from the input ahead of the queue. @default 2 × the queue's concurrency */
  readonly lookahead?: number;
  /** After a stop, longest wait for in-flight requests before cancelling them. @default 60000 */
  readonly drainTimeoutMs?: number;
  /** Append the `summary` line at the end. @default true */
  readonly writeSummary?: boolean;
}

/** What happened to one row, as reported. */
export interface RowOutcome {
  readonly type: OutcomeType;
  readonly key: string;
  readonly hash: string;
  readonly location: ReportLocation;
  /** Platform id (uploaded, skipped as uploaded). */
  readonly id?: number;
  /** Error code (failed, uncertain, invalid: the first problem's code). */
  readonly code?: string;
}

/** The result of a run of {@link uploadRows}. */
export interface UploadSummary {
  readonly counts: OutcomeCounts;
  /** Rows that reached the report in this run. */
  readonly rows: number;
  readonly durationMs: number;
  /**
   * Rows that end this run not stored: invalid, failed, uncertain, and skipped as earlier failed or
   * uncertain. Non-zero makes exit code 1. (`changed` rows are reported, not counted here.)
   */
  readonly notUploaded: number;
  /** Stopped by `signal`/`abortSignal` before the input ended (exit 130). */
  readonly interrupted: boolean;
}
