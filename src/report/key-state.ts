import type { LedgerTable } from '../ledger/ledger.js';
import type { RowProblem } from '../template/record-types.js';
import type { CellValue } from '../sources/source-types.js';
import type { KeyStatus, ReportLocation, RunLine, SummaryLine } from './report-lines.js';

export type { KeyStatus } from './report-lines.js';

export interface KeyFailure {
  readonly code: string;
  /** True when the failure may pass by retrying (see `FailedLine`); uncertain rows are false. */
  readonly retryable: boolean;
  readonly status?: number | undefined;
  readonly platformCode?: number | undefined;
  readonly detail?: string | undefined;
}

/** What the resume rules and the summary need of a key (`planResume`, the row router). */
export interface KeyRecord {
  /** Latest known status. Skipped lines leave it as it was. */
  status: KeyStatus;
  /** Hash of the row version the status is about. */
  hash: string;
  /** POST attempts over all runs. */
  attempts: number;
  /**
   * The latest record stored for this key, what `changed` is measured against; `at` is its `uploaded`
   * line's stamp, unknown to the compact table and to an older `skipped` line.
   */
  uploaded: { id: number; hash: string; at?: string | undefined } | undefined;
  /** The latest hash whose upload outcome is unknown (it may be on the platform); cleared by an upload. */
  uncertainHash: string | undefined;
  /** Where `uncertainHash` was left uncertain: the run (`runId`) and the time of its line. */
  uncertainSince: { runId: string | undefined; at: string } | undefined;
  /** For `failed` and `uncertain`. */
  failure: KeyFailure | undefined;
  /** For `uncertain`: `timeout`, `status 500`, `no outcome` (an intent left open by a killed run). */
  reason: string | undefined;
  /** The 1-based report line that last changed the key (`report compact` writes its state there). */
  line: number;
  /**
   * The source digest of cells that map to the record `uploaded` (`sourceDigest`), when a line said:
   * a row with this key and this digest is that record, unmapped.
   */
  src: string | undefined;
}

/** What the ledger knows about one key, after every line so far. */
export interface KeyState extends KeyRecord {
  readonly key: string;
  location: ReportLocation;
  problems: readonly RowProblem[] | undefined;
  /** The input cells, kept for rows that did not upload (for `--failed-out`). */
  sourceValues: Readonly<Record<string, CellValue>> | undefined;
  /** An intent not yet followed by a line for this key, with the run that wrote it. */
  openIntent: { hash: string; attempt: number; runId: string | undefined; at: string } | undefined;
}

/** The keys of a ledger, as resume looks them up. */
export interface KeyLedger {
  get(key: string): KeyRecord | undefined;
  /** Distinct keys. */
  readonly size: number;
}

/**
 * The ledger folded compactly (`createReportFolder({ compact: true })`): the plainly uploaded keys
 * only counted and looked up, every other key whole. What resume, `report` and `report compact` need.
 */
export interface LedgerState {
  readonly keys: KeyLedger;
  /**
   * The plainly uploaded keys' entry numbers in the compact fold's table (`LedgerTable.find`), for a
   * caller that marks keys of its own; undefined when the fold is whole.
   */
  readonly compactKeys?: Pick<LedgerTable, 'find' | 'holds' | 'size' | 'mark' | 'setMark'> | undefined;
  /**
   * Every platform id the ledger holds, possibly repeated: an answer naming one for a new record is
   * a `PROTOCOL_ERROR` (docs/guarantees.md). Absent in ledgers made by hand (tests).
   */
  platformIds?(): Iterable<number>;
  /** Keys by latest status. */
  readonly counts: Readonly<Record<KeyStatus, number>>;
  /** Keys with a record that is (uploaded) or may be (uncertain) on the platform. */
  readonly onPlatform: number;
  /** Every key whose latest status is not `uploaded`, whole, in no particular order. */
  outstanding(): Iterable<KeyState>;
  readonly runs: readonly RunLine[];
  readonly summaries: readonly SummaryLine[];
  /** The summary line of each run, by the index of its `run` line; undefined for a run killed before writing one. */
  readonly runSummaries: readonly (SummaryLine | undefined)[];
}

/** The ledger folded whole: every key with its location and cells (exports, the page, `--annotate`). */
export interface ReportState extends LedgerState {
  readonly keys: ReadonlyMap<string, KeyState>;
}
