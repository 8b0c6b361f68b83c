import type { OutcomeType } from '../../report/report-lines.js';

/** What a record's line in the progress counts: its outcome in a run, or `valid` when only validated. */
export type ProgressStatus = OutcomeType | 'valid';

/** What the progress display knows at one moment. */
export interface ProgressSnapshot {
  readonly done: number;
  /** Rows in the input when known (streamed inputs: unknown). */
  readonly total: number | undefined;
  /**
   * Share of the input done, 0..1, when no row total is known: estimated from the bytes read (see
   * `createProgress`). @default undefined (no bar, no ETA)
   */
  readonly fraction?: number | undefined;
  /** Records by status: a run's outcomes, or `valid` and `invalid` for `validate`; zeros are not shown. */
  readonly counts: Readonly<Partial<Record<ProgressStatus, number>>>;
  readonly elapsedMs: number;
  /** Ms left of a platform-wide `Retry-After` pause. */
  readonly pauseMs: number;
}

/** The ETA waits for this share of the input: before it, one slow start would predict hours. */
export const ETA_MIN_FRACTION = 0.01;
/** …and for this much time, so the rate it extrapolates is not the start-up's. */
export const ETA_MIN_ELAPSED_MS = 2000;

const ORDER: readonly ProgressStatus[] = ['valid', 'uploaded', 'skipped', 'changed', 'invalid', 'failed', 'uncertain'];

function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/**
 * One progress line: rows done (of the total when known, with a bar and the ETA; else with a bar, the
 * percentage and the ETA when the share of the input done is known), rows/s, the non-zero counts by
 * status, and the current backoff pause. Pure; the renderer decides where and how often.
 */
export function formatProgressLine(s: ProgressSnapshot, barWidth = 20): string {
  const perSecond = s.elapsedMs > 0 ? (s.done * 1000) / s.elapsedMs : 0;
  const parts: string[] = [];
  const bar = (share: number): string => {
    const filled = Math.floor(Math.min(1, Math.max(0, share)) * barWidth);
    return `[${'#'.repeat(filled)}${'.'.repeat(barWidth - filled)}]`;
  };
  let eta: number | undefined;
  if (s.total !== undefined && s.total > 0) {
    parts.push(`${bar(s.done / s.total)} ${s.done}/${s.total} rows`);
    if (perSecond > 0 && s.done < s.total) eta = ((s.total - s.done) / perSecond) * 1000;
  } else if (s.fraction !== undefined) {
    const share = Math.min(1, Math.max(0, s.fraction));
    // Rounded down: 100 % means done, not 99.6 %.
    parts.push(`${bar(share)} ${Math.floor(share * 100)}%`, `${s.done} rows`);
    if (share >= ETA_MIN_FRACTION && share < 1 && s.elapsedMs >= ETA_MIN_ELAPSED_MS) eta = (s.elapsedMs * (1 - share)) / share;
  } else {
    parts.push(`${s.done} rows`);
  }
  parts.push(`${perSecond.toFixed(1)} rows/s`);
  if (eta !== undefined) parts.push(`ETA ${duration(eta)}`);
  const counts = ORDER.filter((type) => (s.counts[type] ?? 0) > 0).map((type) => `${type} ${s.counts[type]}`);
  if (counts.length > 0) parts.push(counts.join(' '));
  if (s.pauseMs > 0) parts.push(`paused ${(s.pauseMs / 1000).toFixed(1)}s (platform busy)`);
  return parts.join(' · ');
}
