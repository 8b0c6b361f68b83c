import type { EarlyStop } from './report-lines.js';

/**
 * What a run stopped by a row limit says, in one wording for every command and page: which limit,
 * and that the rest of the input was not read.
 */
export function earlyStopText(stop: EarlyStop): string {
  const what =
    stop.code === 'MAX_ERRORS_REACHED'
      ? `after ${stop.limit} invalid record(s) (--max-errors ${stop.limit}, ${stop.code})`
      : `at more than ${stop.limit} changed record(s) (--max-changes ${stop.limit}, ${stop.code})`;
  return `stopped early ${what}: the rest of the input was not read`;
}
