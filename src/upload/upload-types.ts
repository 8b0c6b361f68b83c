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

/** Unknown outcomes in a row that stop a run (`UNCERTAIN_STREAK`), unless set otherwise. */
export const DEFAULT_MAX_UNCERTAIN_STREAK = 10;

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
  /**
   * Re-send rows an earlier run left uncertain (their lines then carry `resendOf`): may duplicate. An
   * unknown outcome in this run is never re-sent, whatever this says. @default false
   */
  readonly retryUncertain?: boolean;
  /** Re-send rows the platform rejected in earlier runs. @default false */
  readonly retryFailed?: boolean;
  /** A known key with new content: report it, or upload it as a new record. @default 'report' */
  readonly onChange?: 'report' | 'upload';
  /** @default DEFAULT_BACKOFF (500 ms base, 30 s cap) */
  readonly backoff?: BackoffOptions;
  /** Consecutive network/502/503/504 failures that stop the run as `PLATFORM_UNREACHABLE`. @default 10 */
  readonly maxConsecutiveUnreachable?: number;
  /**
   * Consecutive unknown outcomes (500, 502, 504, reset after sending, a 2xx that is not the envelope)
   * that stop the run as `UNCERTAIN_STREAK`; any certain answer resets the count. @default DEFAULT_MAX_UNCERTAIN_STREAK (10)
   */
  readonly maxUncertainStreak?: number;
  /**
   * Stop the run (`MAX_CHANGES_REACHED`) when more rows than this are `changed` (known key, new
   * content); the row that exceeds it gets its `changed` line and is not sent. @default Infinity
   */
  readonly maxChanges?: number;
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

/** Rows of a run that want a curator's look, by why (each row counted once). */
export interface RowsToCheck {
  /** Did not map or validate. */
  readonly invalid: number;
  /** Not stored: rejected, or retries exhausted (also skipped as rejected by an earlier run). */
  readonly failed: number;
  /** May or may not be stored (also skipped as left uncertain by an earlier run). */
  readonly uncertain: number;
  /** A known key with new content, not uploaded. */
  readonly changed: number;
}

/** The result of a run of {@link uploadRows}. */
export interface UploadSummary {
  readonly counts: OutcomeCounts;
  /** Rows that reached the report in this run. */
  readonly rows: number;
  readonly durationMs: number;
  /**
   * Rows that end this run not known to be stored: the sum of {@link toCheck}. Non-zero makes exit
   * code 1.
   */
  readonly notUploaded: number;
  /** {@link notUploaded} by why: uncertain rows may well be stored, so they are not called failed. */
  readonly toCheck: RowsToCheck;
  /** Stopped by `signal`/`abortSignal` before the input ended (exit 130). */
  readonly interrupted: boolean;
}
