import type { KeyStatus, ReportState } from './fold-report.js';
import type { ReportLocation, RunLine, SummaryLine } from './report-lines.js';

/** Rows that share one error code. */
export interface ErrorGroup {
  readonly code: string;
  readonly status: KeyStatus;
  readonly count: number;
  /** One example detail and where it happened, so the user sees what the code means. */
  readonly example: { readonly key: string; readonly location: ReportLocation; readonly detail: string | undefined };
}

/** A row whose upload outcome is unknown: the user decides (check the platform, or `--retry-uncertain`). */
export interface UncertainRow {
  readonly key: string;
  readonly hash: string;
  readonly location: ReportLocation;
  readonly reason: string | undefined;
  readonly attempts: number;
}

/** What `mge-ingest report FILE` shows. */
export interface ReportSummary {
  /** Keys by latest status across all runs. */
  readonly counts: Readonly<Record<KeyStatus, number>>;
  readonly keys: number;
  /** Errors of invalid, failed and uncertain rows, most frequent first. */
  readonly errors: readonly ErrorGroup[];
  readonly uncertain: readonly UncertainRow[];
  readonly runs: number;
  readonly lastRun: RunLine | undefined;
  /** The last run's summary line; undefined when it was killed before writing one. */
  readonly lastSummary: SummaryLine | undefined;
}

/**
 * Summarises a folded report: every key counted once by its latest status, errors grouped by code
 * (the first problem's code for invalid rows), uncertain rows listed. Pure.
 */
export function summariseReport(state: ReportState): ReportSummary {
  const counts: Record<KeyStatus, number> = { uploaded: 0, invalid: 0, failed: 0, uncertain: 0, changed: 0 };
  const groups = new Map<string, { code: string; status: KeyStatus; count: number; example: ErrorGroup['example'] }>();
  const uncertain: UncertainRow[] = [];
  for (const entry of state.keys.values()) {
    counts[entry.status] += 1;
    if (entry.status === 'uploaded' || entry.status === 'changed') continue;
    const code = entry.status === 'invalid' ? (entry.problems?.[0]?.code ?? 'INVALID') : (entry.failure?.code ?? 'UNKNOWN');
    const detail = entry.status === 'invalid' ? entry.problems?.[0]?.message : entry.failure?.detail;
    const id = `${entry.status}\u0000${code}`;
    const group = groups.get(id);
    if (group) group.count += 1;
    else groups.set(id, { code, status: entry.status, count: 1, example: { key: entry.key, location: entry.location, detail } });
    if (entry.status === 'uncertain') {
      uncertain.push({ key: entry.key, hash: entry.hash, location: entry.location, reason: entry.reason, attempts: entry.attempts });
    }
  }
  const errors = [...groups.values()].sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
  return {
    counts,
    keys: state.keys.size,
    errors,
    uncertain,
    runs: state.runs.length,
    lastRun: state.runs.at(-1),
    // A run writes at most one summary: fewer summaries than runs means the last run was killed.
    lastSummary: state.summaries.length >= state.runs.length ? state.summaries.at(-1) : undefined,
  };
}
