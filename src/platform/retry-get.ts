import { backoffDelay, type BackoffOptions } from './backoff-delay.js';
import { classifyFailure } from './classify-failure.js';
import { parseRetryAfter } from './parse-retry-after.js';

/**
 * What paces requests platform-wide (the upload queue fits): each attempt runs in one of its slots,
 * and a 429/503 pauses all of them for its `Retry-After`.
 */
export interface RequestPacer {
  run<T>(task: () => Promise<T>): Promise<T>;
  pauseFor(ms: number): void;
}

/** How a GET is retried: the rules of the upload queue's POSTs (see `classifyFailure`). */
export interface GetRetryOptions {
  /** Attempts after the first (`RUN_TUNING.getRetries`). */
  readonly retries: number;
  /** The delay before a retry (`RUN_TUNING.backoff`). */
  readonly backoff: BackoffOptions;
  /** Waits between attempts. */
  readonly sleep: (ms: number) => Promise<void>;
  /** Epoch ms, to read a `Retry-After` date. */
  readonly clock: () => number;
  /** A uniform source in [0, 1), for the jitter. */
  readonly random: () => number;
  /** Runs each attempt in the platform-wide pace, and is paused by a busy answer. @default undefined (none) */
  readonly pacer?: RequestPacer | undefined;
}

/**
 * Runs a GET, retrying what may pass by itself (`classifyFailure(…, 'GET')`) after the jittered backoff
 * or a longer `Retry-After`; a busy answer pauses the whole `pacer` first, as a POST's does. Anything
 * else, or the last failure, is thrown as it came.
 */
export async function retryGet<T>(attempt: () => Promise<T>, options: GetRetryOptions): Promise<T> {
  const { retries, backoff } = options;
  for (let n = 1; ; n++) {
    // The failure is classified inside the slot: a busy answer pauses the pacer before it starts another request.
    const once = async (): Promise<{ readonly value: T } | { readonly waitMs: number }> => {
      try {
        return { value: await attempt() };
      } catch (error) {
        const c = classifyFailure(error, 'GET');
        if (c.action !== 'retry' || n > retries) throw error;
        const retryAfterMs = c.busy ? parseRetryAfter(c.retryAfter, options.clock()) : undefined;
        if (retryAfterMs !== undefined) options.pacer?.pauseFor(retryAfterMs);
        return { waitMs: Math.max(backoffDelay(n, backoff, options.random), retryAfterMs ?? 0) };
      }
    };
    const outcome = await (options.pacer ? options.pacer.run(once) : once());
    if ('value' in outcome) return outcome.value;
    await options.sleep(outcome.waitMs);
  }
}
