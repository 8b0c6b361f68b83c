/** Timing of retries after a failure that certainly did not store the record (`RUN_TUNING.backoff`). */
export interface BackoffOptions {
  /** Delay scale of the first retry, in ms. */
  readonly baseMs: number;
  /** Upper bound of any single delay, in ms. */
  readonly capMs: number;
}

/**
 * Capped exponential backoff with full jitter, uniform in `[0, min(cap, base·2^(attempt-1)))`, so
 * many rows' retries do not hit the platform in lockstep.
 * @param attempt the attempt that just failed, 1-based
 * @param random a uniform source in [0, 1) (injected so tests are exact)
 */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number): number {
  const exponent = Math.min(Math.max(attempt, 1) - 1, 30);
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** exponent);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.floor(r * ceiling);
}
