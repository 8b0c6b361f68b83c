import type { RowProblem } from '../mapping/record-types.js';
import type { CellValue } from '../sources/source-types.js';
import type { ReportLine, ReportLocation, RowLine, RunLine, SummaryLine } from './report-lines.js';

/** What the ledger knows about one key, after every line so far. */
export type KeyStatus = 'uploaded' | 'invalid' | 'failed' | 'uncertain' | 'changed';

export interface KeyFailure {
  readonly code: string;
  /** True when the failure may pass by retrying (see {@link FailedLine}); uncertain rows are false. */
  readonly retryable: boolean;
  readonly status?: number | undefined;
  readonly platformCode?: number | undefined;
  readonly detail?: string | undefined;
}

export interface KeyState {
  readonly key: string;
  /** Latest known status. Skipped lines leave it as it was. */
  status: KeyStatus;
  /** Hash of the row version the status is about. */
  hash: string;
  location: ReportLocation;
  /** POST attempts over all runs. */
  attempts: number;
  /** The latest record stored for this key, if any: what `changed` is measured against. */
  uploaded: { id: number; hash: string } | undefined;
  /** The latest hash whose upload outcome is unknown (it may be on the platform); cleared by an upload. */
  uncertainHash: string | undefined;
  /** For `failed` and `uncertain`. */
  failure: KeyFailure | undefined;
  /** For `uncertain`: `timeout`, `status 500`, `no outcome` (an intent left open by a killed run). */
  reason: string | undefined;
  problems: readonly RowProblem[] | undefined;
  /** The input cells, kept for rows that did not upload (for `--failed-out`). */
  sourceValues: Readonly<Record<string, CellValue>> | undefined;
  /** An intent not yet followed by a line for this key. */
  openIntent: { hash: string; attempt: number } | undefined;
}

/** The ledger folded: per key, and the runs so far. */
export interface ReportState {
  readonly keys: ReadonlyMap<string, KeyState>;
  readonly runs: readonly RunLine[];
  readonly summaries: readonly SummaryLine[];
}

/** Folds lines one at a time (so a million-line report streams); `state()` closes open intents. */
export interface ReportFolder {
  add(line: ReportLine): void;
  state(): ReportState;
}

/** Open intents become `uncertain`: the run that wrote them ended without knowing the outcome. */
function closeIntent(entry: KeyState): void {
  if (!entry.openIntent) return;
  entry.status = 'uncertain';
  entry.hash = entry.openIntent.hash;
  entry.reason = 'no outcome';
  entry.failure = { code: 'NO_OUTCOME', retryable: false };
  entry.uncertainHash = entry.hash;
  entry.openIntent = undefined;
}

function entryFor(keys: Map<string, KeyState>, line: RowLine): KeyState {
  let entry = keys.get(line.key);
  if (!entry) {
    entry = {
      key: line.key,
      status: 'failed',
      hash: line.hash,
      location: line.location,
      attempts: 0,
      uploaded: undefined,
      uncertainHash: undefined,
      failure: undefined,
      reason: undefined,
      problems: undefined,
      sourceValues: undefined,
      openIntent: undefined,
    };
    keys.set(line.key, entry);
  }
  return entry;
}

function applyRow(entry: KeyState, line: RowLine): void {
  entry.location = line.location;
  if (line.type === 'intent') {
    entry.openIntent = { hash: line.hash, attempt: line.attempt };
    entry.attempts += 1;
    return;
  }
  entry.openIntent = undefined;
  switch (line.type) {
    case 'retrying':
      // Certainly not stored; if the run dies before the next attempt, a resume retries it.
      set(entry, 'failed', line.hash, { code: line.code, retryable: true, status: line.status });
      return;
    case 'uploaded':
      set(entry, 'uploaded', line.hash, undefined);
      entry.uploaded = { id: line.id, hash: line.hash };
      entry.uncertainHash = undefined;
      entry.sourceValues = undefined;
      return;
    case 'invalid':
      set(entry, 'invalid', line.hash, { code: line.problems[0]?.code ?? 'INVALID', retryable: false });
      entry.problems = line.problems;
      entry.sourceValues = line.sourceValues;
      return;
    case 'failed':
      set(entry, 'failed', line.hash, line);
      entry.sourceValues = line.sourceValues;
      return;
    case 'uncertain':
      set(entry, 'uncertain', line.hash, { ...line, retryable: false });
      entry.reason = line.reason;
      entry.uncertainHash = line.hash;
      entry.sourceValues = line.sourceValues;
      return;
    case 'changed':
      set(entry, 'changed', line.hash, undefined);
      entry.sourceValues = line.sourceValues;
      return;
    case 'skipped':
      if (line.sourceValues) entry.sourceValues = line.sourceValues;
      return;
  }
}

function set(entry: KeyState, status: KeyStatus, hash: string, failure: KeyFailure | undefined): void {
  entry.status = status;
  entry.hash = hash;
  entry.reason = undefined;
  entry.problems = undefined;
  entry.failure = failure
    ? { code: failure.code, retryable: failure.retryable, status: failure.status, platformCode: failure.platformCode, detail: failure.detail }
    : undefined;
}

/** Creates an incremental {@link ReportFolder}. */
export function createReportFolder(): ReportFolder {
  const keys = new Map<string, KeyState>();
  const open = new Set<KeyState>();
  const runs: RunLine[] = [];
  const summaries: SummaryLine[] = [];
  const closeAll = (): void => {
    for (const entry of open) closeIntent(entry);
    open.clear();
  };
  return {
    add(line: ReportLine): void {
      if (line.type === 'run') {
        closeAll();
        runs.push(line);
        return;
      }
      if (line.type === 'summary') {
        summaries.push(line);
        return;
      }
      // A dry run's valid rows were never sent: they must not create or change a key's state.
      if (line.type === 'skipped' && line.why === 'dry-run') return;
      const entry = entryFor(keys, line);
      applyRow(entry, line);
      if (entry.openIntent) open.add(entry);
      else open.delete(entry);
    },
    state(): ReportState {
      closeAll();
      return { keys, runs, summaries };
    },
  };
}

/**
 * Folds report lines into per-key state: the latest status, hash, platform id, attempts, failure.
 * An intent with no later line for its key (a killed run) becomes `uncertain` with reason `no outcome`.
 */
export function foldReport(lines: Iterable<ReportLine>): ReportState {
  const folder = createReportFolder();
  for (const line of lines) folder.add(line);
  return folder.state();
}
