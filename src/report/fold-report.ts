import type { RowProblem } from '../template/record-types.js';
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
  /**
   * The latest record stored for this key, if any: what `changed` is measured against. `at` is the
   * stamp of its `uploaded` line, written as the platform's answer came (`report --uploaded-out`).
   */
  uploaded: { id: number; hash: string; at: string } | undefined;
  /** The latest hash whose upload outcome is unknown (it may be on the platform); cleared by an upload. */
  uncertainHash: string | undefined;
  /** Where `uncertainHash` was left uncertain: the run (`runId`) and the time of its line. */
  uncertainSince: { runId: string | undefined; at: string } | undefined;
  /** For `failed` and `uncertain`. */
  failure: KeyFailure | undefined;
  /** For `uncertain`: `timeout`, `status 500`, `no outcome` (an intent left open by a killed run). */
  reason: string | undefined;
  problems: readonly RowProblem[] | undefined;
  /** The input cells, kept for rows that did not upload (for `--failed-out`). */
  sourceValues: Readonly<Record<string, CellValue>> | undefined;
  /** An intent not yet followed by a line for this key, with the run that wrote it. */
  openIntent: { hash: string; attempt: number; runId: string | undefined; at: string } | undefined;
}

/** The ledger folded: per key, and the runs so far. */
export interface ReportState {
  readonly keys: ReadonlyMap<string, KeyState>;
  readonly runs: readonly RunLine[];
  readonly summaries: readonly SummaryLine[];
  /** The summary line of each run, by the index of its `run` line; undefined for a run killed before writing one. */
  readonly runSummaries: readonly (SummaryLine | undefined)[];
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
  entry.uncertainSince = { runId: entry.openIntent.runId, at: entry.openIntent.at };
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
      uncertainSince: undefined,
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

function applyRow(entry: KeyState, line: RowLine, runId: string | undefined): void {
  entry.location = line.location;
  if (line.type === 'intent') {
    entry.openIntent = { hash: line.hash, attempt: line.attempt, runId, at: line.at };
    entry.attempts += 1;
    return;
  }
  // A row line that sends nothing never follows its own run's intent: one still open is an earlier
  // run's, whose outcome is unknown (a report without `run` lines between the two, as tests write).
  if (line.type === 'skipped' || line.type === 'changed' || line.type === 'invalid') closeIntent(entry);
  entry.openIntent = undefined;
  // An attempt that certainly stored nothing says nothing of an earlier attempt of the same record
  // whose outcome is unknown: that one may be stored, so the key stays uncertain (sent again only on
  // request, its outcome marked resendOf). Taking it for a plain failure re-sent it unasked.
  if ((line.type === 'retrying' || line.type === 'failed') && entry.status === 'uncertain' && entry.uncertainHash === line.hash) {
    if (line.type === 'failed') entry.sourceValues = line.sourceValues;
    return;
  }
  switch (line.type) {
    case 'retrying':
      // Certainly not stored; if the run dies before the next attempt, a resume retries it.
      set(entry, 'failed', line.hash, { code: line.code, retryable: true, status: line.status });
      return;
    case 'uploaded':
      set(entry, 'uploaded', line.hash, undefined);
      entry.uploaded = { id: line.id, hash: line.hash, at: line.at };
      entry.uncertainHash = undefined;
      entry.uncertainSince = undefined;
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
      entry.uncertainSince = { runId, at: line.at };
      entry.sourceValues = line.sourceValues;
      return;
    case 'changed':
      set(entry, 'changed', line.hash, undefined);
      entry.sourceValues = line.sourceValues;
      return;
    case 'skipped':
      if (line.sourceValues) entry.sourceValues = line.sourceValues;
      // A change reported earlier and since undone: the row is the uploaded record again, nothing is outstanding.
      if (line.why === 'uploaded' && entry.status === 'changed' && entry.uploaded?.hash === line.hash) {
        set(entry, 'uploaded', line.hash, undefined);
        entry.sourceValues = undefined;
      }
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
  const runSummaries: (SummaryLine | undefined)[] = [];
  let runId: string | undefined;
  const closeAll = (): void => {
    for (const entry of open) closeIntent(entry);
    open.clear();
  };
  return {
    add(line: ReportLine): void {
      if (line.type === 'run') {
        closeAll();
        runs.push(line);
        runSummaries.push(undefined);
        runId = typeof line.runId === 'string' ? line.runId : undefined;
        return;
      }
      if (line.type === 'summary') {
        summaries.push(line);
        // A summary belongs to the run line before it; a run killed before its summary keeps none.
        if (runSummaries.length > 0) runSummaries[runSummaries.length - 1] = line;
        return;
      }
      // A dry run's valid rows were never sent: they must not create or change a key's state.
      if (line.type === 'skipped' && line.why === 'dry-run') return;
      const entry = entryFor(keys, line);
      applyRow(entry, line, runId);
      if (entry.openIntent) open.add(entry);
      else open.delete(entry);
    },
    state(): ReportState {
      closeAll();
      return { keys, runs, summaries, runSummaries };
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
