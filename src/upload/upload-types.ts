import type { MgeError } from '../errors/mge-error.js';
import type { LedgerState } from '../report/fold-report.js';
import type { ResumeOptions } from '../report/plan-resume.js';
import type { EarlyStop, OutcomeCounts, OutcomeType, ReportLineInput, ReportLocation } from '../report/report-lines.js';
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
  readonly previous?: LedgerState | undefined;
  /**
   * Where the set of platform ids the report holds (`createIdSet`) may move its older entries, as the
   * ledger's tables do (`reportSpillDirs`). @default [] (all in memory)
   */
  readonly spillDirs?: readonly string[] | undefined;
  /** @default Date.now */
  readonly clock?: () => number;
  /** @default realSleep */
  readonly sleep?: Sleep;
  /** @default Math.random */
  readonly random?: () => number;
  /** Graceful stop (first SIGINT/SIGTERM): take no new rows, let in-flight requests finish. */
  readonly signal?: AbortSignal | undefined;
  /** Hard stop (second SIGINT): cancel in-flight requests too; their rows end `uncertain`. */
  readonly abortSignal?: AbortSignal;
  /** Called once per row outcome, in completion order (progress bar, logs). */
  readonly onOutcome?: (outcome: RowOutcome) => void;
  /**
   * The part digests of a record's JSON text, for its `uploaded` and `changed` lines
   * (`createFieldDigester` over the run line's `recordFields`). @default none written
   */
  readonly fieldDigests?: ((body: string) => string | undefined) | undefined;
}

/**
 * How {@link uploadRows} runs: every value given, built once from the settings and their defaults
 * (`uploadStageOptions` in src/pipeline); nothing is defaulted in here.
 */
export interface UploadOptions {
  /** Retries after the first attempt, for failures that certainly stored nothing. */
  readonly maxRetries: number;
  /**
   * Rows the ledger knows: re-send uncertain ones (`retryUncertain`, marked `resendOf`) or rejected ones
   * (`retryFailed`); report or upload a known key with new content (`onChange`).
   */
  readonly resume: ResumeOptions;
  /** The delay before a retry: capped exponential with full jitter. */
  readonly backoff: BackoffOptions;
  /** Consecutive network/502/503/504 failures that stop the run as `PLATFORM_UNREACHABLE`. */
  readonly maxUnreachableStreak: number;
  /**
   * Consecutive unknown outcomes (500, 502, 504, reset after sending, a 2xx that is not the envelope)
   * that stop the run as `UNCERTAIN_STREAK`; any certain answer resets the count.
   */
  readonly maxUncertainStreak: number;
  /**
   * Stop the run early (`MAX_CHANGES_REACHED`, a row limit: exit 1) when more rows than this are
   * `changed` (known key, new content); the row that exceeds it gets its `changed` line and is not
   * sent. Undefined: no limit.
   */
  readonly maxChanges: number | undefined;
  /** Rows taken from the input ahead of their outcome. */
  readonly lookahead: number;
  /** After a stop, longest wait for in-flight requests before canceling them. */
  readonly drainTimeoutMs: number;
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

/** The counts of a run of {@link uploadRows} (or a dry run), and how it ended. */
export interface UploadSummary {
  readonly counts: OutcomeCounts;
  /**
   * Of `counts.skipped`, the rows repeated exactly under the mapping's `duplicates: identical-ok`:
   * not sent, not to check. Absent where none can be (a summary line read back).
   */
  readonly duplicate?: number;
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
  /** Stopped early by a row limit (`--max-errors`, `--max-changes`): the rest of the input was not read (exit 1). */
  readonly stoppedBy: EarlyStop | undefined;
}

/** An error that stopped {@link uploadRows} part-way, after the drain: the run-level decision is the pipeline's. */
export type UploadFailure =
  /** No later row can succeed: token rejected, platform unreachable, unknown outcomes in a row, the report not writable, a bug. */
  | { readonly type: 'fatal'; readonly error: MgeError }
  /** The input failed part-way (a file unreadable at row N). */
  | { readonly type: 'input'; readonly error: unknown };

/** What {@link uploadRows} returns: the counts, and the error that stopped it, if one did. */
export interface UploadResult {
  readonly summary: UploadSummary;
  readonly failure: UploadFailure | undefined;
}
