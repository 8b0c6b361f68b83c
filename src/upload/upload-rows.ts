import { setMaxListeners } from 'node:events';
import { MgeError, isMgeError } from '../errors/mge-error.js';
import type { MappedRow } from '../mapping/mapped-row.js';
import type { KeyState } from '../report/fold-report.js';
import { planResume } from '../report/plan-resume.js';
import { zeroCounts, type OutcomeType, type ReportLocation, type ResendOf, type StopError } from '../report/report-lines.js';
import { DEFAULT_BACKOFF } from '../platform/backoff-delay.js';
import type { Classification } from '../platform/classify-failure.js';
import { NO_STREAKS, nextStreaks, trippedBreaker, type AttemptAnswer, type StreakLimits, type Streaks } from './outcome-streaks.js';
import { sendRow, type OutcomeInput, type RowBase, type SendContext } from './send-row.js';
import { realSleep } from './real-sleep.js';
import { stopError } from './stop-error.js';
import { DEFAULT_MAX_UNCERTAIN_STREAK, type RowOutcome, type RowsToCheck, type UploadDeps, type UploadOptions, type UploadSummary } from './upload-types.js';

function locate(row: MappedRow): ReportLocation {
  const { file, sheet, row: line } = row.location;
  return {
    file,
    ...(sheet !== undefined ? { sheet } : {}),
    row: line,
    ...(row.rowNumbers.length > 1 ? { rows: row.rowNumbers } : {}),
  };
}

/** Which of {@link RowsToCheck} an outcome line counts towards, if any. */
function checkKind(line: OutcomeInput): keyof RowsToCheck | undefined {
  switch (line.type) {
    case 'invalid':
    case 'failed':
    case 'uncertain':
    case 'changed':
      return line.type;
    case 'skipped':
      return line.why === 'failed' || line.why === 'uncertain' ? line.why : undefined;
    default:
      return undefined;
  }
}

/** Where an earlier run left a row uncertain, for the outcome line of its re-send. */
function resendOf(known: KeyState | undefined): ResendOf {
  const since = known?.uncertainSince;
  return {
    ...(since?.runId !== undefined ? { runId: since.runId } : {}),
    ...(since !== undefined ? { at: since.at } : {}),
    ...(known?.reason !== undefined ? { reason: known.reason } : {}),
  };
}

/**
 * The upload stage: takes mapped rows as they stream in, sends the valid ones through the shared queue
 * and writes exactly one outcome line per row to the report (see `report-lines.ts`).
 *
 * - Backpressure: at most `lookahead` rows are taken ahead of their outcome, so memory stays flat.
 * - Resume: with `deps.previous`, each valid row is planned by {@link planResume} (skip, retry, re-send
 *   an uncertain row when asked, changed).
 * - Exactly once: an attempt whose outcome is unknown ends its row `uncertain`; it is never re-sent in
 *   this run. A streak of them stops the run (`UNCERTAIN_STREAK`, {@link trippedBreaker}).
 * - Graceful stop (`deps.signal`): no new rows; in-flight requests finish (cancelled after
 *   `drainTimeoutMs` or on `deps.abortSignal`); rows waiting to retry end `failed` (retryable); rows not
 *   yet tried get no line. Resolves with `interrupted: true`.
 * - Fatal (token rejected, template gone, platform unreachable, unknown outcomes in a row, too many
 *   invalid or changed rows, report not writable): the same drain, then the `summary` line, then throws
 *   `MgeError('fatal', code)` whose `details.summary` holds the counts.
 * - An error of the input itself (a file unreadable part-way): the same drain and `summary` line (with
 *   the error and where); rethrown as it is when nothing may be stored yet (exit 2), else as a `fatal`
 *   error of the same code (exit 3: aborted mid-run, resumable) with `details.summary`.
 */
export async function uploadRows(rows: AsyncIterable<MappedRow>, deps: UploadDeps, options: UploadOptions = {}): Promise<UploadSummary> {
  const clock = deps.clock ?? Date.now;
  const started = clock();
  const counts = zeroCounts();
  const toCheck: Record<keyof RowsToCheck, number> = { invalid: 0, failed: 0, uncertain: 0, changed: 0 };
  const stop = new AbortController();
  const inflight = new AbortController();
  // Every waiting row and every request in flight listens on these: legitimately more than 10.
  setMaxListeners(0, stop.signal, inflight.signal);
  let fatal: MgeError | undefined;
  let streaks: Streaks = NO_STREAKS;
  let changed = 0;
  const limits: StreakLimits = { maxUnknown: options.maxUncertainStreak ?? DEFAULT_MAX_UNCERTAIN_STREAK, maxUnreachable: options.maxConsecutiveUnreachable ?? 10 };
  const maxInvalid = options.maxInvalid ?? Number.POSITIVE_INFINITY;
  const maxChanges = options.maxChanges ?? Number.POSITIVE_INFINITY;
  const resume = { onChange: options.onChange ?? 'report', retryFailed: options.retryFailed ?? false, retryUncertain: options.retryUncertain ?? false } as const;

  const halt = (error: MgeError): void => {
    fatal ??= error;
    stop.abort();
  };
  const onStop = (): void => stop.abort();
  const onAbort = (): void => {
    stop.abort();
    inflight.abort();
  };
  deps.signal?.addEventListener('abort', onStop, { once: true });
  deps.abortSignal?.addEventListener('abort', onAbort, { once: true });
  if (deps.signal?.aborted) onStop();
  if (deps.abortSignal?.aborted) onAbort();

  const outcome = async (line: OutcomeInput): Promise<void> => {
    await deps.report.write(line);
    counts[line.type as OutcomeType] += 1;
    const kind = checkKind(line);
    if (kind !== undefined) toCheck[kind] += 1;
    const code = line.type === 'invalid' ? line.problems[0]?.code : 'code' in line ? line.code : undefined;
    const id = line.type === 'uploaded' || line.type === 'skipped' ? line.id : undefined;
    const result: RowOutcome = {
      type: line.type,
      key: line.key,
      hash: line.hash,
      location: line.location,
      ...(id !== undefined ? { id } : {}),
      ...(code !== undefined ? { code } : {}),
    };
    deps.onOutcome?.(result);
  };

  /** One more answer of the platform: the circuit breaker counts it. */
  const answered = (answer: AttemptAnswer, failure?: Classification): void => {
    streaks = nextStreaks(streaks, answer);
    const tripped = trippedBreaker(streaks, limits);
    if (tripped !== undefined) halt(stopError(tripped, failure, tripped === 'UNCERTAIN_STREAK' ? streaks.unknown : streaks.unreachable));
  };

  const ctx: SendContext = {
    send: deps.send,
    queue: deps.queue,
    write: (line) => deps.report.write(line),
    outcome,
    clock,
    sleep: deps.sleep ?? realSleep,
    random: deps.random ?? Math.random,
    maxRetries: options.maxRetries ?? 5,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    stop: stop.signal,
    inflight: inflight.signal,
    onFailure(c: Classification) {
      if (c.action === 'fatal') halt(stopError(c.code, c));
      // A request this run cancelled itself says nothing about the platform.
      if (c.code === 'ABORTED') return;
      answered({ stored: c.action === 'uncertain' ? 'unknown' : 'no', unreachable: c.unreachable }, c);
    },
    onSuccess() {
      answered({ stored: 'yes', unreachable: false });
    },
  };

  async function processRow(row: MappedRow): Promise<void> {
    const base: RowBase = { key: row.key, hash: row.hash, location: locate(row) };
    const body = row.problems.length > 0 ? undefined : row.body;
    if (body === undefined) {
      await outcome({ type: 'invalid', ...base, problems: row.problems, sourceValues: row.sourceValues });
      if (counts.invalid >= maxInvalid) halt(stopError('MAX_ERRORS_REACHED', undefined, counts.invalid));
      return;
    }
    const decision = deps.previous ? planResume(deps.previous, row, resume) : 'upload';
    const known = deps.previous?.keys.get(row.key);
    switch (decision) {
      case 'upload':
      case 'retry':
        return sendRow(ctx, { base, body, sourceValues: row.sourceValues });
      case 'skip-uploaded': {
        const id = known?.uploaded?.id;
        return outcome({ type: 'skipped', ...base, why: 'uploaded', ...(id !== undefined ? { id } : {}) });
      }
      case 'skip-uncertain':
        return outcome({ type: 'skipped', ...base, why: 'uncertain', sourceValues: row.sourceValues });
      case 'skip-failed':
        return outcome({ type: 'skipped', ...base, why: 'failed', code: known?.failure?.code ?? 'FAILED', sourceValues: row.sourceValues });
      case 'resend-uncertain':
        return sendRow(ctx, { base, body, sourceValues: row.sourceValues, marks: { resendOf: resendOf(known) } });
      default:
        return processChanged(decision, base, body, row, known);
    }
  }

  /** A known key with new content. Counted in read order (before any await), so the row past `maxChanges` is the same on every run. */
  function processChanged(decision: 'changed-skip' | 'changed-upload', base: RowBase, body: string, row: MappedRow, known: KeyState | undefined): Promise<void> {
    const oldHash = known?.uploaded?.hash ?? known?.uncertainHash ?? known?.hash ?? '';
    const oldId = known?.uploaded?.id;
    changed += 1;
    if (changed > maxChanges) halt(stopError('MAX_CHANGES_REACHED', undefined, changed));
    if (decision === 'changed-upload' && changed <= maxChanges) {
      return sendRow(ctx, { base, body, sourceValues: row.sourceValues, marks: { replaces: { id: oldId, hash: oldHash } } });
    }
    return outcome({ type: 'changed', ...base, oldHash, ...(oldId !== undefined ? { oldId } : {}), sourceValues: row.sourceValues });
  }

  const lookahead = Math.max(1, options.lookahead ?? deps.queue.concurrency * 2);
  const active = new Set<Promise<void>>();
  // One wake-up promise per wait instead of Promise.race over the active rows: racing would add a
  // reaction to a row waiting out a long backoff for every row finished meanwhile (unbounded memory).
  let wake: (() => void) | undefined;
  const iterator = rows[Symbol.asyncIterator]();
  let inputError: unknown;
  let exhausted = false;
  try {
    while (!stop.signal.aborted) {
      if (active.size >= lookahead) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      const next = await iterator.next();
      if (next.done) {
        exhausted = true;
        break;
      }
      if (stop.signal.aborted) break;
      const task: Promise<void> = processRow(next.value)
        .catch((error: unknown) => {
          halt(isMgeError(error) ? error : stopError('INTERNAL_ERROR', undefined, undefined, error));
        })
        .finally(() => {
          active.delete(task);
          wake?.();
          wake = undefined;
        });
      active.add(task);
    }
  } catch (error) {
    inputError = error;
    stop.abort();
  }
  const drained = new AbortController();
  if (active.size > 0 && stop.signal.aborted) {
    void ctx.sleep(options.drainTimeoutMs ?? 60_000, drained.signal).then(() => {
      if (!drained.signal.aborted) inflight.abort();
    });
  }
  await Promise.all(active);
  drained.abort();
  if (!exhausted && inputError === undefined) await iterator.return?.();
  deps.signal?.removeEventListener('abort', onStop);
  deps.abortSignal?.removeEventListener('abort', onAbort);

  const interrupted = fatal === undefined && inputError === undefined && stop.signal.aborted;
  const summary: UploadSummary = {
    counts,
    rows: Object.values(counts).reduce((a, b) => a + b, 0),
    durationMs: clock() - started,
    notUploaded: toCheck.invalid + toCheck.failed + toCheck.uncertain + toCheck.changed,
    toCheck,
    interrupted,
  };
  const stoppedBy = inputError !== undefined ? inputError : fatal;
  const reportBroken = fatal?.code === 'REPORT_WRITE_FAILED' || fatal?.code === 'REPORT_LOCK_LOST';
  if ((options.writeSummary ?? true) && !reportBroken) {
    await deps.report.write({
      type: 'summary',
      counts,
      rows: summary.rows,
      durationMs: summary.durationMs,
      interrupted,
      ...(stoppedBy !== undefined ? { fatal: isMgeError(stoppedBy) ? stoppedBy.code : 'INTERNAL_ERROR', error: stopRecord(stoppedBy) } : {}),
    });
  }
  if (inputError !== undefined) throw inputStop(inputError, summary);
  if (fatal) throw new MgeError(fatal.kind, fatal.code, fatal.message, { hint: fatal.hint, cause: fatal, location: fatal.location, details: { ...fatal.details, summary } });
  return summary;
}

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
  if (!isMgeError(error) || error.kind === 'fatal' || error.kind === 'internal') return error;
  const mayBeStored = summary.counts.uploaded + summary.counts.uncertain;
  if (mayBeStored === 0) return error;
  return new MgeError('fatal', error.code, `${error.message} (the run stopped there, after ${summary.counts.uploaded} row(s) were uploaded and ${summary.counts.uncertain} left uncertain)`, {
    hint: error.hint ?? 'Fix the input at that place and run the same command again: it resumes from the report.',
    cause: error,
    location: error.location,
    details: { ...error.details, inputKind: error.kind, summary },
  });
}
