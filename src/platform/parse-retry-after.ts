/** Longest pause a `Retry-After` may impose on the whole queue: a nightly job must not sleep for hours. */
export const RETRY_AFTER_CAP_MS = 300_000;

const SECONDS = /^\s*(\d+(?:\.\d+)?)\s*$/;
/** IMF-fixdate and the two obsolete HTTP date forms (RFC 9110 §5.6.7): day, month name, year, time. */
const HTTP_DATE =
  /\b\d{1,2}[ -](Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[ -]\d{2,4} \d{2}:\d{2}:\d{2}\b|\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) +\d{1,2} \d{2}:\d{2}:\d{2} \d{4}\b/;

/**
 * A `Retry-After` header as ms to wait from `now`: delta-seconds (decimals too, as proxies send) or an
 * HTTP date (past: 0); anything else undefined, so the caller uses its own backoff.
 * @param now the current time in epoch ms (injected clock)
 * @param capMs upper bound of the result @default RETRY_AFTER_CAP_MS (5 minutes)
 */
export function parseRetryAfter(header: string | undefined, now: number, capMs: number = RETRY_AFTER_CAP_MS): number | undefined {
  if (header === undefined) return undefined;
  const seconds = SECONDS.exec(header);
  if (seconds) return Math.min(Math.round(Number(seconds[1]) * 1000), capMs);
  // Only an HTTP date may be a date: a bare number with a sign or unit must not reach Date.parse,
  // which would read `-1` or `10s` as years or local dates.
  if (!HTTP_DATE.test(header)) return undefined;
  const at = Date.parse(header);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, at - now), capMs);
}
