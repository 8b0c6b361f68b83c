import type { OutcomeType } from '../../report/report-lines.js';

/** What the progress display knows at one moment. */
export interface ProgressSnapshot {
  readonly done: number;
  /** Rows in the input when known (streamed inputs: unknown). */
  readonly total: number | undefined;
  readonly counts: Readonly<Record<OutcomeType, number>>;
  readonly elapsedMs: number;
  /** Ms left of a platform-wide `Retry-After` pause. */
  readonly pauseMs: number;
}

const ORDER: readonly OutcomeType[] = ['uploaded', 'skipped', 'changed', 'invalid', 'failed', 'uncertain'];

function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/**
 * One progress line: rows done (of the total when known, with a bar and the ETA), rows/s, the non-zero
 * counts by status, and the current backoff pause. Pure; the renderer decides where and how often.
 */
export function formatProgressLine(s: ProgressSnapshot, barWidth = 20): string {
  const perSecond = s.elapsedMs > 0 ? (s.done * 1000) / s.elapsedMs : 0;
  const parts: string[] = [];
  if (s.total !== undefined && s.total > 0) {
    const share = Math.min(1, s.done / s.total);
    const filled = Math.round(share * barWidth);
    parts.push(`[${'#'.repeat(filled)}${'.'.repeat(barWidth - filled)}] ${s.done}/${s.total} rows`);
  } else {
    parts.push(`${s.done} rows`);
  }
  parts.push(`${perSecond.toFixed(1)} rows/s`);
  if (s.total !== undefined && perSecond > 0 && s.done < s.total) parts.push(`ETA ${duration(((s.total - s.done) / perSecond) * 1000)}`);
  const counts = ORDER.filter((type) => s.counts[type] > 0).map((type) => `${type} ${s.counts[type]}`);
  if (counts.length > 0) parts.push(counts.join(' '));
  if (s.pauseMs > 0) parts.push(`paused ${(s.pauseMs / 1000).toFixed(1)}s (platform busy)`);
  return parts.join(' · ');
}
