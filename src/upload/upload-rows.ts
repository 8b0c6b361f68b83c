import { setMaxListeners } from 'node:events';
import { MgeError, isMgeError } from '../errors/mge-error.js';
import type { MappedRow } from '../mapping/mapped-row.js';
import { planResume } from '../report/plan-resume.js';
import { zeroCounts, type OutcomeType, type ReportLocation } from '../report/report-lines.js';
import { DEFAULT_BACKOFF } from '../platform/backoff-delay.js';
import type { Classification } from '../platform/classify-failure.js';
import { sendRow, type OutcomeInput, type RowBase, type SendContext } from './send-row.js';
import { realSleep } from './real-sleep.js';
import { stopError } from './stop-error.js';
import type { RowOutcome, UploadDeps, UploadOptions, UploadSummary } from './upload-types.js';

function locate(row: MappedRow): ReportLocation {
  const { file, sheet, row: line } = row.location;
  return {
    file,
    ...(sheet !== undefined ? { sheet } : {}),
    row: line,
    ...(row.rowNumbers.length > 1 ? { rows: row.rowNumbers } : {}),
  };
}

/**
 * The upload stage: takes mapped rows as they stream in, sends the valid ones through the shared queue
 * and writes exactly one outcome line per row to the report (see `report-lines.ts`).
 *
 * - Backpressure: at most `lookahead` rows are taken ahead of their outcome, so memory stays flat.
 * - Resume: with `deps.previous`, each valid row is planned by {@link planResume} (skip, retry, changed).
 * - Graceful stop (`deps.signal`): no new rows; in-flight requests finish (cancelled after
 *   `drainTimeoutMs` or on `deps.abortSignal`); rows waiting to retry end `failed` (retryable); rows not
 *   yet tried get no line. Resolves with `interrupted: true`.
 * - Fatal (token rejected, template gone, platform unreachable, too many invalid rows, report not
 *   writable): the same drain, then the `summary` line, then throws `MgeError('fatal', code)` whose
 *   `details.summary` holds the counts.
 * An error of the input itself (unreadable file) is rethrown after the drain.
 */
export async function uploadRows(rows: AsyncIterable<MappedRow>, deps: UploadDeps, options: UploadOptions = {}): Promise<UploadSummary> {
  const clock = deps.clock ?? Date.now;
  const started = clock();
  const counts = zeroCounts();
  const stop = new AbortController();
  const inflight = new AbortController();
  // Every waiting row and every request in flight listens on these: legitimately more than 10.
  setMaxListeners(0, stop.signal, inflight.signal);
  let fatal: MgeError | undefined;
  let unreachable = 0;
  let notUploaded = 0;
  const maxUnreachable = options.maxConsecutiveUnreachable ?? 10;
  const maxInvalid = options.maxInvalid ?? Number.POSITIVE_INFINITY;
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
    if (line.type === 'invalid' || line.type === 'failed' || line.type === 'uncertain' || (line.type === 'skipped' && line.why !== 'uploaded')) {
      notUploaded += 1;
    }
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

  const ctx: SendContext = {
    send: deps.send,
    queue: deps.queue,
    write: (line) => deps.report.write(line),
    outcome,
    clock,
    sleep: deps.sleep ?? realSleep,
    random: deps.random ?? Math.random,
    maxRetries: options.maxRetries ?? 5,
    retryUncertain: resume.retryUncertain,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    stop: stop.signal,
    inflight: inflight.signal,
    onFailure(c: Classification) {
      if (c.action === 'fatal') halt(stopError(c.code, c));
      if (!c.unreachable) {
        unreachable = 0;
        return;
      }
      unreachable += 1;
      if (unreachable >= maxUnreachable) halt(stopError('PLATFORM_UNREACHABLE', c, unreachable));
    },
    onSuccess() {
      unreachable = 0;
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
    const oldHash = known?.uploaded?.hash ?? known?.uncertainHash ?? known?.hash ?? '';
    const oldId = known?.uploaded?.id;
    switch (decision) {
      case 'skip-uploaded':
        return outcome({ type: 'skipped', ...base, why: 'uploaded', ...(oldId !== undefined ? { id: oldId } : {}) });
      case 'skip-uncertain':
        return outcome({ type: 'skipped', ...base, why: 'uncertain', sourceValues: row.sourceValues });
      case 'skip-failed':
        return outcome({ type: 'skipped', ...base, why: 'failed', code: known?.failure?.code ?? 'FAILED', sourceValues: row.sourceValues });
      case 'changed-skip':
        return outcome({ type: 'changed', ...base, oldHash, ...(oldId !== undefined ? { oldId } : {}), sourceValues: row.sourceValues });
      case 'changed-upload':
        return sendRow(ctx, base, body, row.sourceValues, { id: oldId, hash: oldHash });
      default:
        return sendRow(ctx, base, body, row.sourceValues);
    }
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
    notUploaded,
    interrupted,
  };
  const reportBroken = fatal?.code === 'REPORT_WRITE_FAILED';
  if ((options.writeSummary ?? true) && !reportBroken) {
    await deps.report.write({
      type: 'summary',
      counts,
      rows: summary.rows,
      durationMs: summary.durationMs,
      interrupted,
      ...(fatal ? { fatal: fatal.code } : {}),
    });
  }
  if (inputError !== undefined) throw inputError;
  if (fatal) throw new MgeError(fatal.kind, fatal.code, fatal.message, { hint: fatal.hint, cause: fatal, location: fatal.location, details: { ...fatal.details, summary } });
  return summary;
}
