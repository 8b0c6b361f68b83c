import { isMgeError } from '../errors/mge-error.js';
import { createIdSet, type IdSet } from '../ledger/ledger.js';
import type { MappedRow } from '../mapping/rows/mapped-row.js';
import { zeroCounts } from '../report/report-lines.js';
import type { Classification } from '../platform/classify-failure.js';
import { NO_STREAKS, nextStreaks, trippedBreaker, type AttemptAnswer, type StreakLimits, type Streaks } from './outcome-streaks.js';
import { realSleep } from './real-sleep.js';
import { createRowRouter } from './route-row.js';
import { sendRow, type OutcomeInput, type SendContext } from './send-row.js';
import { createStopController } from './stop-controller.js';
import { isRunStopCode, stopError, type RunStopCode } from './stop-error.js';
import { takeRows } from './take-rows.js';
import type { RowOutcome, RowsToCheck, UploadDeps, UploadFailure, UploadOptions, UploadResult } from './upload-types.js';

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

/** The outcome of a row as the progress display and the log see it. */
function rowOutcome(line: OutcomeInput): RowOutcome {
  const code = line.type === 'invalid' ? line.problems[0]?.code : 'code' in line ? line.code : undefined;
  const id = line.type === 'uploaded' || line.type === 'skipped' ? line.id : undefined;
  return {
    type: line.type,
    key: line.key,
    hash: line.hash,
    location: line.location,
    ...(id !== undefined ? { id } : {}),
    ...(code !== undefined ? { code } : {}),
  };
}

/**
 * The upload stage (ARCHITECTURE.md → "Upload and the report"): sends valid rows through the queue and
 * writes one outcome line per row but those skipped as uploaded. Resolves with the counts and the error
 * that stopped it, if any; the `summary` line is `finishRun`'s.
 */
export async function uploadRows(rows: AsyncIterable<MappedRow>, deps: UploadDeps, options: UploadOptions): Promise<UploadResult> {
  const clock = deps.clock ?? Date.now;
  const sleep = deps.sleep ?? realSleep;
  const started = clock();
  const counts = zeroCounts();
  const toCheck: Record<keyof RowsToCheck, number> = { invalid: 0, failed: 0, uncertain: 0, changed: 0 };
  const control = createStopController({
    signal: deps.signal,
    abortSignal: deps.abortSignal,
    drainTimeoutMs: options.drainTimeoutMs,
    sleep,
  });
  const router = createRowRouter({
    previous: deps.previous,
    resume: options.resume,
    maxChanges: options.maxChanges,
    fieldDigests: deps.fieldDigests,
  });
  let streaks: Streaks = NO_STREAKS;
  const limits: StreakLimits = { maxUnknown: options.maxUncertainStreak, maxUnreachable: options.maxUnreachableStreak };
  const fatal = (error: RunStopCode, failure?: Classification, count?: number, cause?: unknown): void =>
    control.halt({ type: 'fatal', error: stopError(error, failure, count, cause) });

  /** An outcome counted, and seen by the display, without a line of its own (`Route` `count`). */
  let duplicate = 0;
  const counted = (line: OutcomeInput): void => {
    counts[line.type] += 1;
    if (line.type === 'skipped' && line.why === 'duplicate') duplicate += 1;
    const kind = checkKind(line);
    if (kind !== undefined) toCheck[kind] += 1;
    deps.onOutcome?.(rowOutcome(line));
  };
  const outcome = async (line: OutcomeInput): Promise<void> => {
    await deps.report.write(line);
    counted(line);
  };
  const noLine = (line: OutcomeInput): Promise<void> => {
    counted(line);
    return Promise.resolve();
  };

  /** One more answer of the platform: the circuit breaker counts it. */
  const answered = (answer: AttemptAnswer, failure?: Classification): void => {
    streaks = nextStreaks(streaks, answer);
    const tripped = trippedBreaker(streaks, limits);
    if (tripped !== undefined) fatal(tripped, failure, tripped === 'UNCERTAIN_STREAK' ? streaks.unknown : streaks.unreachable);
  };

  /**
   * The platform ids the report holds, made on the first id answered (a resume that sends nothing
   * never reads them), then every id this run is answered: an id answered twice is not a success.
   */
  let ids: IdSet | undefined;
  const claimId = (id: number): boolean => {
    if (ids === undefined) {
      ids = createIdSet({ spillDirs: deps.spillDirs, expected: deps.previous?.keys.size });
      for (const known of deps.previous?.platformIds?.() ?? []) ids.add(known);
    }
    return ids.add(id);
  };

  const ctx: SendContext = {
    send: deps.send,
    queue: deps.queue,
    write: (line) => deps.report.write(line),
    outcome,
    clock,
    sleep,
    random: deps.random ?? Math.random,
    maxRetries: options.maxRetries,
    backoff: options.backoff,
    stop: control.stopped,
    inflight: control.inflight,
    onFailure(c: Classification) {
      if (c.action === 'fatal') fatal(isRunStopCode(c.code) ? c.code : 'INTERNAL_ERROR', c);
      // A request this run canceled itself says nothing about the platform.
      if (c.code === 'ABORTED') return;
      answered({ stored: c.action === 'uncertain' ? 'unknown' : 'no', unreachable: c.unreachable }, c);
    },
    onSuccess() {
      answered({ stored: 'yes', unreachable: false });
    },
    claimId,
    fieldDigests: deps.fieldDigests,
  };

  const handle = (row: MappedRow): Promise<void> => {
    const { route, stop } = router.route(row);
    if (stop !== undefined) control.halt({ type: 'limit', stop });
    return route.type === 'send' ? sendRow(ctx, route.row) : route.type === 'count' ? noLine(route.line) : outcome(route.line);
  };

  const taken = await takeRows(rows, handle, {
    lookahead: options.lookahead,
    stop: control.stopped,
    onTaskError: (error) =>
      control.halt({ type: 'fatal', error: isMgeError(error) ? error : stopError('INTERNAL_ERROR', undefined, undefined, error) }),
  });
  if (taken.inputError !== undefined) control.halt({ type: 'input', error: taken.inputError });
  await control.drain(taken.active);
  await taken.closeInput();
  control.dispose();
  ids?.close();

  const reason = control.reason();
  const failure: UploadFailure | undefined = reason?.type === 'fatal' || reason?.type === 'input' ? reason : undefined;
  return {
    summary: {
      counts,
      duplicate,
      rows: Object.values(counts).reduce((a, b) => a + b, 0),
      durationMs: clock() - started,
      notUploaded: toCheck.invalid + toCheck.failed + toCheck.uncertain + toCheck.changed,
      toCheck,
      interrupted: reason?.type === 'signal',
      stoppedBy: reason?.type === 'limit' ? reason.stop : undefined,
    },
    failure,
  };
}
