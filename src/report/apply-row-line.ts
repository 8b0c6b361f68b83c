import type { KeyFailure, KeyState } from './key-state.js';
import type { KeyStatus, ReportLocation, RowLine, StateLine } from './report-lines.js';

/** A key first seen in `line`, before the line is applied. */
export function newKeyState(key: string, hash: string, location: ReportLocation): KeyState {
  return {
    key,
    status: 'failed',
    hash,
    location,
    attempts: 0,
    uploaded: undefined,
    uncertainHash: undefined,
    uncertainSince: undefined,
    failure: undefined,
    reason: undefined,
    problems: undefined,
    sourceValues: undefined,
    openIntent: undefined,
    line: 0,
    src: undefined,
  };
}

/** Open intents become `uncertain`: the run that wrote them ended without knowing the outcome. */
export function closeIntent(entry: KeyState): void {
  if (!entry.openIntent) return;
  entry.status = 'uncertain';
  entry.hash = entry.openIntent.hash;
  entry.reason = 'no outcome';
  entry.failure = { code: 'NO_OUTCOME', retryable: false };
  entry.uncertainHash = entry.hash;
  entry.uncertainSince = { runId: entry.openIntent.runId, at: entry.openIntent.at };
  entry.openIntent = undefined;
}

/** Applies one row line (of the run `runId`) to its key's state. */
export function applyRowLine(entry: KeyState, line: RowLine, runId: string | undefined): void {
  entry.location = line.location;
  if (line.type === 'state') {
    applyStateLine(entry, line);
    return;
  }
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
      entry.src = line.src;
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
      // A row repeated exactly: its own report key, nothing stored and nothing outstanding (an earlier
      // run's DUPLICATE_KEY under the same key is settled by it).
      if (line.why === 'duplicate') {
        set(entry, 'duplicate', line.hash, undefined);
        entry.problems = undefined;
        entry.sourceValues = undefined;
        return;
      }
      if (line.sourceValues) entry.sourceValues = line.sourceValues;
      // Cells that map to the uploaded record again (the ledger's digest was another, or none).
      if (line.why === 'uploaded' && line.src !== undefined && entry.uploaded?.hash === line.hash) entry.src = line.src;
      // A change reported earlier and since undone: the row is the uploaded record again, nothing is outstanding.
      if (line.why === 'uploaded' && entry.status === 'changed' && entry.uploaded?.hash === line.hash) {
        set(entry, 'uploaded', line.hash, undefined);
        entry.sourceValues = undefined;
      }
      return;
  }
}

/** A `state` line (`report compact`) is the whole state: whatever came before for the key is replaced. */
function applyStateLine(entry: KeyState, line: StateLine): void {
  entry.status = line.status;
  entry.hash = line.hash;
  entry.attempts = line.attempts;
  entry.uploaded = line.id !== undefined ? { id: line.id, hash: line.uploadedHash ?? line.hash, at: line.uploadedAt } : undefined;
  entry.uncertainHash = line.uncertainHash;
  entry.uncertainSince = line.uncertainSince !== undefined ? { runId: line.uncertainSince.runId, at: line.uncertainSince.at } : undefined;
  entry.failure = line.failure !== undefined ? copyFailure(line.failure) : undefined;
  entry.reason = line.reason;
  entry.problems = line.problems;
  entry.sourceValues = line.sourceValues;
  entry.src = line.src;
  entry.openIntent = undefined;
}

function copyFailure(failure: KeyFailure): KeyFailure {
  return {
    code: failure.code,
    retryable: failure.retryable,
    status: failure.status,
    platformCode: failure.platformCode,
    detail: failure.detail,
  };
}

function set(entry: KeyState, status: KeyStatus, hash: string, failure: KeyFailure | undefined): void {
  entry.status = status;
  entry.hash = hash;
  entry.reason = undefined;
  entry.problems = undefined;
  entry.failure = failure ? copyFailure(failure) : undefined;
}
