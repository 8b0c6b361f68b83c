/**
 * A requests-per-second limiter over fixed one-second windows of the injected clock: the first `max`
 * requests of each second pass, the rest are refused until the next second starts.
 */
export function fixedWindowLimiter(max: number, now: () => number): () => { allowed: boolean; retryAfterSeconds: number } {
  let window = -1;
  let count = 0;
  return () => {
    const current = Math.floor(now() / 1000);
    if (current !== window) {
      window = current;
      count = 0;
    }
    count++;
    return { allowed: count <= max, retryAfterSeconds: 1 };
  };
}
