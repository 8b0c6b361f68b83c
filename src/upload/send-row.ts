import type { CellValue } from '../sources/source-types.js';
import type { OutcomeLine, ReportLineInput, ReportLocation } from '../report/report-lines.js';
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
  readonly retryUncertain: boolean;
  readonly backoff: BackoffOptions;
  /** Aborted when the run stops taking rows (signal, fatal error). */
  readonly stop: AbortSignal;
  /** Aborted to cancel requests in flight (hard stop, drain timeout). */
  readonly inflight: AbortSignal;
  /** Every classified failure, for the unreachable counter and fatal stops. */
  readonly onFailure: (c: Classification) => void;
  readonly onSuccess: () => void;
}

/** The parts of a row every line repeats. */
export interface RowBase {
  readonly key: string;
  readonly hash: string;
  readonly location: ReportLocation;
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
 * Sends one valid row: an intent line right before each attempt, then exactly one outcome line. Both
 * are written inside the queue slot, so a killed run leaves open intents only for requests really in
 * flight (an outcome written after the slot is released could trail the next row's intent and POST).
 * Resolves without any line when the run stopped before the first attempt started.
 */
export async function sendRow(
  ctx: SendContext,
  base: RowBase,
  body: string,
  sourceValues: Readonly<Record<string, CellValue>>,
  replaces?: { id: number | undefined; hash: string },
): Promise<void> {
  const started = ctx.clock();
  let last: Classification | undefined;
  let uncertain: Classification | undefined;
  for (let attempt = 1; ; attempt += 1) {
    if (ctx.stop.aborted) return endStopped(ctx, base, last, attempt - 1, sourceValues);
    let retryDelayMs: number | undefined;
    try {
      await ctx.queue.run(async () => {
        if (ctx.stop.aborted) throw new NotSent();
        await ctx.write({ type: 'intent', ...base, attempt });
        let id: number;
        try {
          id = await ctx.send(body, ctx.inflight);
        } catch (error) {
          // Classified before the slot is released: a 403 must stop, and a 429 pause, the queue
          // before p-queue starts the next waiting task.
          const { c, retryAfterMs } = classify(ctx, error);
          // Once an attempt may have stored the record, the row stays uncertain whatever later attempts say.
          if (c.action === 'uncertain') uncertain = c;
          last = uncertain ?? c;
          retryDelayMs = await settleFailure(ctx, { base, c, last, uncertain, attempt, retryAfterMs, sourceValues });
          return;
        }
        ctx.onSuccess();
        await ctx.outcome({ type: 'uploaded', ...base, id, attempts: attempt, ms: ctx.clock() - started, ...(replaces ? { replaces } : {}) });
      }, ctx.stop);
    } catch (error) {
      if (error instanceof NotSent || ctx.stop.aborted) return endStopped(ctx, base, last, attempt - 1, sourceValues);
      throw error;
    }
    if (retryDelayMs === undefined) return;
    await ctx.sleep(retryDelayMs, ctx.stop);
  }
}

interface FailedAttempt {
  readonly base: RowBase;
  readonly c: Classification;
  readonly last: Classification;
  readonly uncertain: Classification | undefined;
  readonly attempt: number;
  readonly retryAfterMs: number | undefined;
  readonly sourceValues: Readonly<Record<string, CellValue>>;
}

/**
 * After a failed attempt: writes the row's final outcome and resolves `undefined`, or writes a
 * `retrying` line (only when nothing was stored) and resolves the delay before the next attempt.
 */
async function settleFailure(ctx: SendContext, f: FailedAttempt): Promise<number | undefined> {
  const { base, c, last, uncertain, attempt, sourceValues } = f;
  if (uncertain && c.action !== 'retry' && c.action !== 'uncertain') {
    await endStopped(ctx, base, last, attempt, sourceValues);
    return undefined;
  }
  if (c.action === 'fatal' || c.action === 'failed') {
    // 401/403/404 (fatal) are answered before the record is read (§E.2 steps 1 and 9): nothing stored.
    await ctx.outcome({ type: 'failed', ...base, ...failureFields(c), retryable: c.action === 'fatal', attempts: attempt, sourceValues });
    return undefined;
  }
  const retry = c.action === 'retry' || ctx.retryUncertain;
  if (!retry || attempt > ctx.maxRetries || ctx.stop.aborted) {
    await endStopped(ctx, base, last, attempt, sourceValues);
    return undefined;
  }
  const delayMs = Math.max(backoffDelay(attempt, ctx.backoff, ctx.random), f.retryAfterMs ?? 0);
  // Only a certain non-store closes the intent; a row that may be stored keeps it open, so a crash
  // while waiting still leaves it `uncertain`.
  if (!uncertain) {
    await ctx.write({ type: 'retrying', ...base, attempt, code: c.code, ...(c.status !== undefined ? { status: c.status } : {}), delayMs });
  }
  return delayMs;
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
 * Ends a row that will not be tried again: `uncertain` if an attempt may have stored it, else `failed`
 * and retryable (nothing stored; a resume retries it). A row never tried (run stopped first) gets no line.
 */
function endStopped(
  ctx: SendContext,
  base: RowBase,
  last: Classification | undefined,
  attempts: number,
  sourceValues: Readonly<Record<string, CellValue>>,
): Promise<void> {
  if (!last) return Promise.resolve();
  if (last.action === 'uncertain') {
    return ctx.outcome({ type: 'uncertain', ...base, ...failureFields(last), reason: uncertainReason(last), attempts, sourceValues });
  }
  return ctx.outcome({ type: 'failed', ...base, ...failureFields(last), retryable: true, attempts, sourceValues });
}
