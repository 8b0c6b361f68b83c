/** Longest pause a `Retry-After` may impose on the whole queue: a nightly job must not sleep for hours. */
export const RETRY_AFTER_CAP_MS = 300_000;

const SECONDS = /^\s*(\d+(?:\.\d+)?)\s*$/;
/** IMF-fixdate and the two obsolete HTTP date forms (RFC 9110 §5.6.7): day, month name, year, time. */
const HTTP_DATE =
  /\b\d{1,2}[ -](Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[ -]\d{2,4} \d{2}:\d{2}:\d{2}\b|\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) +\d{1,2} \d{2}:\d{2}:\d{2} \d{4}\b/;

/**
 * Reads a `Retry-After` header into milliseconds to wait from `now`.
 *
 * Accepts delta-seconds (`120`, also a decimal `1.5` as some proxies send) and HTTP dates
 * (`Wed, 21 Oct 2026 07:28:00 GMT`). A date in the past means "now" (0 ms). Anything else (empty,
 * negative, garbage) is `undefined`, so the caller falls back to its own backoff.
 *
 * @param header the raw header value, as the platform client reports it in `failure.retryAfter`
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
