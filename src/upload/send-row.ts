import type { CellValue } from '../sources/source-types.js';
import type { OutcomeLine, ReportLineInput, ReportLocation, ResendOf } from '../report/report-lines.js';
import { backoffDelay, type BackoffOptions } from '../platform/backoff-delay.js';
import { classifyFailure, type Classification } from '../platform/classify-failure.js';
import type { UploadQueue } from './create-upload-queue.js';
import { parseRetryAfter } from '../platform/parse-retry-after.js';
import type { Sleep } from './real-sleep.js';
import type { SendRecord } from './upload-types.js';

/** An outcome line as {@link SendContext.outcome} takes it (the writer stamps `at`). */
export type OutcomeInput = OutcomeLine extends infer L ? (L extends unknown ? Omit<L, 'at'> : never) : never;

/** What one row's attempts share with the run (built by `uploadRows`). */
export interface SendContext {
  readonly send: SendRecord;
  readonly queue: UploadQueue;
  readonly write: (line: ReportLineInput) => Promise<void>;
  readonly outcome: (line: OutcomeInput) => Promise<void>;
  readonly clock: () => number;
  readonly sleep: Sleep;
  readonly random: () => number;
  readonly maxRetries: number;
  readonly backoff: BackoffOptions;
  /** Aborted when the run stops taking rows (signal, fatal error). */
  readonly stop: AbortSignal;
  /** Aborted to cancel requests in flight (hard stop, drain timeout). */
  readonly inflight: AbortSignal;
  /** Every classified failure, for the circuit breaker and fatal stops. */
  readonly onFailure: (c: Classification) => void;
  readonly onSuccess: () => void;
  /**
   * Takes the platform's id for a new record: false when the report already holds it (an earlier
   * run's record, or one of this run), which no new record can have.
   */
  readonly claimId: (id: number) => boolean;
  /** The part digests of a record's JSON text, for its `uploaded` line (`UploadDeps.fieldDigests`). */
  readonly fieldDigests?: ((body: string) => string | undefined) | undefined;
}

/** The parts of a row every line repeats. */
export interface RowBase {
  readonly key: string;
  readonly hash: string;
  readonly location: ReportLocation;
}

/** One valid row to send, with what its outcome line must carry besides the attempt's result. */
export interface RowToSend {
  readonly base: RowBase;
  /** The record's canonical JSON text: what is POSTed. */
  readonly body: string;
  readonly sourceValues: Readonly<Record<string, CellValue>>;
  /** What the `uploaded` line adds: absent for a plain upload (one spread of nothing on the hot path). */
  readonly marks?: SendMarks;
  /** The row's source digest, for its `uploaded` line (`MappedRow.src`). */
  readonly src?: string | undefined;
}

/** Marks of a send that is not a plain first upload. */
export interface SendMarks {
  /** A changed row uploaded as a new record (`--on-change upload`): the record it differs from. */
  readonly replaces?: { readonly id: number | undefined; readonly hash: string };
  /** A re-send of a row an earlier run left uncertain (`--retry-uncertain`): that earlier attempt; on every outcome line. */
  readonly resendOf?: ResendOf;
}

/** `resendOf` for a failure's outcome line, when the send is a re-send. */
function resendMark(row: RowToSend): { resendOf?: ResendOf } {
  return row.marks?.resendOf === undefined ? {} : { resendOf: row.marks.resendOf };
}

/** Thrown inside a queue task that was reached after the run stopped: nothing was sent. */
class NotSent extends Error {}

function failureFields(c: Classification) {
  return {
    code: c.code,
    ...(c.status !== undefined ? { status: c.status } : {}),
    ...(c.platformCode !== undefined ? { platformCode: c.platformCode } : {}),
    ...(c.detail !== undefined ? { detail: c.detail } : {}),
  };
}

function uncertainReason(c: Classification): string {
  if (c.reason !== undefined) return c.reason;
  if (c.status !== undefined) return `status ${c.status}`;
  return c.code.toLowerCase();
}

/**
 * Sends one valid row: an intent line before each attempt, then one outcome line, both inside the queue
 * slot, so a killed run's open intents are only requests really in flight. Only an attempt that
 * certainly stored nothing is retried; an unknown outcome ends the row `uncertain` (docs/guarantees.md).
 * No line when the run stopped before the first attempt.
 */
export async function sendRow(ctx: SendContext, row: RowToSend): Promise<void> {
  const started = ctx.clock();
  let last: Classification | undefined;
  for (let attempt = 1; ; attempt += 1) {
    if (ctx.stop.aborted) return endStopped(ctx, row, last, attempt - 1);
    let retryDelayMs: number | undefined;
    try {
      await ctx.queue.run(async () => {
        if (ctx.stop.aborted) throw new NotSent();
        await ctx.write({ type: 'intent', ...row.base, attempt });
        let id: number;
        try {
          id = await ctx.send(row.body, ctx.inflight);
        } catch (error) {
          // Classified before the slot is released: a 403 must stop, and a 429 pause, the queue
          // before p-queue starts the next waiting task.
          const { c, retryAfterMs } = classify(ctx, error);
          last = c;
          retryDelayMs = await settleFailure(ctx, row, c, attempt, retryAfterMs);
          return;
        }
        if (!ctx.claimId(id)) {
          // A new record's id that another record has: the platform (or a proxy) answered for
          // something else. This record may be stored under an id we were not told: uncertain.
          last = repeatedId(id);
          ctx.onFailure(last);
          await endStopped(ctx, row, last, attempt);
          return;
        }
        ctx.onSuccess();
        const fieldDigests = ctx.fieldDigests?.(row.body);
        await ctx.outcome({
          type: 'uploaded',
          ...row.base,
          id,
          attempts: attempt,
          ms: ctx.clock() - started,
          ...row.marks,
          ...(row.src !== undefined ? { src: row.src } : {}),
          ...(fieldDigests !== undefined ? { fieldDigests } : {}),
        });
      }, ctx.stop);
    } catch (error) {
      if (error instanceof NotSent || ctx.stop.aborted) return endStopped(ctx, row, last, attempt - 1);
      throw error;
    }
    if (retryDelayMs === undefined) return;
    await ctx.sleep(retryDelayMs, ctx.stop);
  }
}

/**
 * After a failed attempt: writes the row's final outcome and resolves `undefined`, or writes a
 * `retrying` line (only when nothing was stored) and resolves the delay before the next attempt.
 */
async function settleFailure(
  ctx: SendContext,
  row: RowToSend,
  c: Classification,
  attempt: number,
  retryAfterMs: number | undefined,
): Promise<number | undefined> {
  if (c.action === 'fatal' || c.action === 'failed') {
    // 401/403/404 (fatal) are answered before the record is read (steps 1 and 9 of docs/platform.md#the-order-of-the-submit-checks): nothing stored.
    await ctx.outcome({
      type: 'failed',
      ...row.base,
      ...failureFields(c),
      retryable: c.action === 'fatal',
      attempts: attempt,
      sourceValues: row.sourceValues,
      ...resendMark(row),
    });
    return undefined;
  }
  if (c.action === 'uncertain' || attempt > ctx.maxRetries || ctx.stop.aborted) {
    await endStopped(ctx, row, c, attempt);
    return undefined;
  }
  const delayMs = Math.max(backoffDelay(attempt, ctx.backoff, ctx.random), retryAfterMs ?? 0);
  await ctx.write({
    type: 'retrying',
    ...row.base,
    attempt,
    code: c.code,
    ...(c.status !== undefined ? { status: c.status } : {}),
    delayMs,
  });
  return delayMs;
}

/** The answer of a 2xx naming an id the report already holds (`SendContext.claimId`): an unknown outcome. */
function repeatedId(id: number): Classification {
  return {
    action: 'uncertain',
    code: 'PROTOCOL_ERROR',
    status: undefined,
    platformCode: undefined,
    detail: `the platform answered id ${id}, which the report already holds for another record: this one may be stored under an id it did not give`,
    retryAfter: undefined,
    busy: false,
    unreachable: false,
    reason: `repeated id ${id}`,
  };
}

function classify(ctx: SendContext, error: unknown): { c: Classification; retryAfterMs: number | undefined } {
  let c = classifyFailure(error);
  if (ctx.inflight.aborted && c.action !== 'retry') c = { ...c, action: 'uncertain', code: 'ABORTED', reason: 'aborted' };
  ctx.onFailure(c);
  const retryAfterMs = c.busy ? parseRetryAfter(c.retryAfter, ctx.clock()) : undefined;
  if (retryAfterMs !== undefined) ctx.queue.pauseFor(retryAfterMs);
  return { c, retryAfterMs };
}

/**
 * Ends a row that will not be tried again: `uncertain` if its last attempt may have stored it, else
 * `failed` and retryable (nothing stored; a resume retries it). A row never tried (run stopped first)
 * gets no line.
 */
function endStopped(ctx: SendContext, row: RowToSend, last: Classification | undefined, attempts: number): Promise<void> {
  if (!last) return Promise.resolve();
  const resend = resendMark(row);
  if (last.action === 'uncertain') {
    return ctx.outcome({
      type: 'uncertain',
      ...row.base,
      ...failureFields(last),
      reason: uncertainReason(last),
      attempts,
      sourceValues: row.sourceValues,
      ...resend,
    });
  }
  return ctx.outcome({
    type: 'failed',
    ...row.base,
    ...failureFields(last),
    retryable: true,
    attempts,
    sourceValues: row.sourceValues,
    ...resend,
  });
}
