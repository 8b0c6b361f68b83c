/**
 * The report's lines: an append-only JSON-lines ledger, the user's record of a run and the state that
 * makes it resumable. Their order and fields, the input named by index, `state` lines of a compacted
 * report: docs/report-format.md#lines.
 */
import type { CellValue } from '../sources/source-types.js';
import type { RowProblem } from '../template/record-types.js';
import type { RunLine } from './run-line.js';

/** Where a row came from. `rows` lists every source row when several make one record (`groupBy`). */
export interface ReportLocation {
  readonly file: string;
  readonly sheet?: string;
  readonly row: number;
  readonly rows?: readonly number[];
}

export type { AcceptedChange, MappingParts, ReportInput, RunLine } from './run-line.js';

interface RowLineBase {
  readonly at: string;
  readonly key: string;
  readonly hash: string;
  readonly location: ReportLocation;
}

/** About to send attempt `attempt` of a row. An intent with no later line for the key = `uncertain`. */
export interface IntentLine extends RowLineBase {
  readonly type: 'intent';
  readonly attempt: number;
}

/** Attempt `attempt` certainly stored nothing (429, 503, refused…); another follows after `delayMs`. */
export interface RetryingLine extends RowLineBase {
  readonly type: 'retrying';
  readonly attempt: number;
  readonly code: string;
  readonly status?: number;
  readonly delayMs: number;
}

/**
 * Marks the outcome of a re-send (`--retry-uncertain`) of a row an earlier run left uncertain: that
 * earlier attempt may be stored too, so a duplicate on the platform can be traced to it.
 */
export interface ResendOf {
  /** The run whose attempt ended uncertain (its `run` line's `runId`). */
  readonly runId?: string;
  /** When that run wrote the uncertain outcome (or the intent a killed run left open). */
  readonly at?: string;
  /** Why it was uncertain: `status 500`, `reset`, `no outcome`, … */
  readonly reason?: string;
}

/** Stored on the platform as record `id`. `replaces` names the earlier record of a changed row. */
export interface UploadedLine extends RowLineBase {
  readonly type: 'uploaded';
  readonly id: number;
  readonly attempts: number;
  /** Time from the first attempt to the response, in ms. */
  readonly ms: number;
  readonly replaces?: { readonly id: number | undefined; readonly hash: string };
  /** Set when this upload re-sent a row left uncertain by an earlier run. */
  readonly resendOf?: ResendOf;
  /**
   * The source digest of the cells the record was mapped from (`sourceDigest`): a later run that finds
   * the key with the same digest skips the row without mapping it. Absent where it was not computed.
   */
  readonly src?: string;
  /** The record's part digests, in the order of the run line's `recordFields`. Absent in older reports. */
  readonly fieldDigests?: string;
}

/** The row did not map or validate; nothing was sent. */
export interface InvalidLine extends RowLineBase {
  readonly type: 'invalid';
  readonly problems: readonly RowProblem[];
  readonly sourceValues: Readonly<Record<string, CellValue>>;
}

/**
 * Not stored. `retryable`: the failure may pass (retries exhausted on 429/503/refused, run stopped while
 * waiting to retry, token rejected): a resume retries it. Otherwise the platform rejected the data
 * (422/2102…) or the tool failed: retried only with `--retry-failed`.
 */
export interface FailedLine extends RowLineBase {
  readonly type: 'failed';
  readonly code: string;
  readonly retryable: boolean;
  readonly status?: number;
  readonly platformCode?: number;
  readonly detail?: string;
  readonly attempts: number;
  readonly sourceValues: Readonly<Record<string, CellValue>>;
  /** Set when this attempt re-sent a row left uncertain by an earlier run. */
  readonly resendOf?: ResendOf;
}

/**
 * May or may not be stored (timeout/reset after sending, 500, 502, 504): never re-sent in the run that
 * wrote it; a later run re-sends it only when asked (`--retry-uncertain`).
 */
export interface UncertainLine extends RowLineBase {
  readonly type: 'uncertain';
  readonly code: string;
  /** `timeout`, `reset`, `status 500`, `aborted`, … */
  readonly reason: string;
  readonly status?: number;
  readonly detail?: string;
  readonly attempts: number;
  readonly sourceValues: Readonly<Record<string, CellValue>>;
  /** Set when this attempt re-sent a row left uncertain by an earlier run. */
  readonly resendOf?: ResendOf;
}

/**
 * Why a row was not sent this run. `dry-run`: a valid row of an `ingest --dry-run` (nothing is sent).
 * `duplicate`: a row repeated exactly under the mapping's `duplicates: identical-ok`, filed under a
 * report key of its own (`duplicateReportKey`), whose status it makes `duplicate`.
 */
export type SkipReason = 'uploaded' | 'uncertain' | 'failed' | 'dry-run' | 'duplicate';

/** Not sent this run: already uploaded with this hash, or left uncertain/rejected by an earlier run. */
export interface SkippedLine extends RowLineBase {
  readonly type: 'skipped';
  readonly why: SkipReason;
  /** The platform id, for `why: 'uploaded'`. */
  readonly id?: number;
  /** Earlier failure code, for `why: 'failed'`. */
  readonly code?: string;
  /** For `why: 'dry-run'`: what a real run would do with the row (a resume decision: `upload`, `skip-uploaded`, …). */
  readonly plan?: string;
  /** For rows that did not upload, so they can still be exported. */
  readonly sourceValues?: Readonly<Record<string, CellValue>>;
  /**
   * For `why: 'uploaded'`: the source digest of the row, written when it is not the one the ledger
   * holds for the key (the row's line is otherwise only counted), so the next run can skip it unmapped.
   */
  readonly src?: string;
}

/** A known key with a new hash, not uploaded (`--on-change report`). `hash` is the new one. */
export interface ChangedLine extends RowLineBase {
  readonly type: 'changed';
  readonly oldHash: string;
  /** The earlier record's id; undefined when the earlier upload was uncertain. */
  readonly oldId?: number;
  readonly sourceValues: Readonly<Record<string, CellValue>>;
  /** The new record's part digests, as an `uploaded` line's. Absent in older reports. */
  readonly fieldDigests?: string;
}

/**
 * A key's latest status, as the fold keeps it (src/report/fold-report.ts). `duplicate`: the report key
 * of a row repeated exactly (`skipped`, `why: 'duplicate'`): nothing outstanding, nothing stored.
 */
export type KeyStatus = 'uploaded' | 'invalid' | 'failed' | 'uncertain' | 'changed' | 'duplicate';

/**
 * What every earlier line said of one key, in one line (`report compact`): folding it gives the key
 * the state the lines it replaces gave. `hash` is the version `status` is about.
 */
export interface StateLine extends RowLineBase {
  readonly type: 'state';
  readonly status: KeyStatus;
  /** POST attempts over all runs. */
  readonly attempts: number;
  /** The latest record stored for the key. */
  readonly id?: number;
  /** That record's hash, when it is not `hash` (a changed row). */
  readonly uploadedHash?: string;
  /** When that record was stored (its `uploaded` line's `at`), where the report still knew it. */
  readonly uploadedAt?: string;
  /** A version whose upload outcome is unknown, and where it was left so. */
  readonly uncertainHash?: string;
  readonly uncertainSince?: { readonly runId?: string; readonly at: string };
  readonly failure?: {
    readonly code: string;
    readonly retryable: boolean;
    readonly status?: number;
    readonly platformCode?: number;
    readonly detail?: string;
  };
  readonly reason?: string;
  readonly problems?: readonly RowProblem[];
  readonly sourceValues?: Readonly<Record<string, CellValue>>;
  /** The source digest of the cells the latest stored record was mapped from, where the report knew it. */
  readonly src?: string;
  /** The part digests of the version `hash`, as an `uploaded` line's, where the report knew them. */
  readonly fieldDigests?: string;
  /** The part digests of the record `uploadedHash` (a changed row's), where the report knew them. */
  readonly uploadedFieldDigests?: string;
}

/** Outcome counts of this run. */
export type OutcomeCounts = Readonly<Record<OutcomeType, number>>;

/** The error that stopped a run, as its summary line records it. */
export interface StopError {
  readonly code: string;
  readonly message: string;
  /** Where, for an input error: file, sheet, row, column. */
  readonly location?: Readonly<Record<string, unknown>>;
}

/**
 * A curator-set row limit that stopped a run early: the rows read want a person's look, and the rest
 * of the input was not read. Not an error (exit 1, like any run with rows to check), and not for a
 * scheduler to retry: only a person resolves it (docs/guarantees.md → Exit codes).
 */
export interface EarlyStop {
  /** `MAX_ERRORS_REACHED` (`--max-errors`: invalid records) or `MAX_CHANGES_REACHED` (`--max-changes`: changed rows). */
  readonly code: 'MAX_ERRORS_REACHED' | 'MAX_CHANGES_REACHED';
  /** The limit as set. */
  readonly limit: number;
}

/**
 * Rows of a run that belong to no record (a platform workbook's table or array rows whose `数据ID` is
 * on no root row): no key, no line of their own, so the run's summary line holds them. Rows to
 * check while the latest run has them; a later run that reads none leaves none.
 */
export interface StrayRows {
  readonly rows: number;
  /** Their problems (one per unknown id, at its `数据ID` cell), the first `STRAY_PROBLEMS_KEPT`. */
  readonly problems: readonly RowProblem[];
}

/** The problems of rows of no record a summary line holds at most: one line of the report carries them. */
export const STRAY_PROBLEMS_KEPT = 100;

/**
 * End of a run. `interrupted`: stopped by a signal; `stoppedBy`: stopped early by a row limit;
 * `fatal`: stopped by the code named (and `error` says what and where).
 */
export interface SummaryLine {
  readonly type: 'summary';
  readonly at: string;
  readonly counts: OutcomeCounts;
  readonly rows: number;
  readonly durationMs: number;
  readonly interrupted: boolean;
  /** With `--shard`: rows read that belong to other shards, counted and not reported. */
  readonly otherShards?: number;
  /** Absent in older reports, which recorded such a stop as `fatal`. */
  readonly stoppedBy?: EarlyStop;
  /** Rows read that belong to no record; absent when there were none (and in older reports). */
  readonly stray?: StrayRows;
  readonly fatal?: string;
  /** Absent in older reports. */
  readonly error?: StopError;
}

export type RowLine = IntentLine | RetryingLine | OutcomeLine | StateLine;
export type OutcomeLine = UploadedLine | InvalidLine | FailedLine | UncertainLine | SkippedLine | ChangedLine;
export type OutcomeType = OutcomeLine['type'];
export type ReportLine = RunLine | RowLine | SummaryLine;

/** A line as handed to the writer, which stamps `at`. */
export type ReportLineInput = ReportLine extends infer L ? (L extends unknown ? Omit<L, 'at'> : never) : never;

export const OUTCOME_TYPES: readonly OutcomeType[] = ['uploaded', 'invalid', 'failed', 'uncertain', 'skipped', 'changed'];
export const LINE_TYPES: readonly ReportLine['type'][] = ['run', 'intent', 'retrying', ...OUTCOME_TYPES, 'state', 'summary'];
const ROW_TYPES = new Set<string>(['intent', 'retrying', ...OUTCOME_TYPES, 'state']);

/** True for a run line of `ingest --dry-run` (older reports say so only in the settings). */
export function isDryRunLine(run: RunLine): boolean {
  return run.dryRun === true || run.settings?.['dryRun'] === true;
}

/** True for the lines that belong to one row (they have `key`, `hash` and `location`). */
export function isRowLine(line: ReportLine): line is RowLine {
  return ROW_TYPES.has(line.type);
}

/** All outcome counts at zero. */
export function zeroCounts(): Record<OutcomeType, number> {
  return { uploaded: 0, invalid: 0, failed: 0, uncertain: 0, skipped: 0, changed: 0 };
}
