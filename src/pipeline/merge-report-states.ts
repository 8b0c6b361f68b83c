import type { KeyState, ReportState } from '../report/fold-report.js';
import { isDryRunLine, STRAY_PROBLEMS_KEPT, type KeyStatus, type RunLine, type SummaryLine } from '../report/report-lines.js';
import { summarizeReport, type ReportConflicts, type ReportSummary } from '../report/summarize-report.js';

/** Keys in several reports listed by `report` (the rest counted). */
export const MAX_CONFLICT_KEYS = 20;

/** One report among several, by name, with what is unfinished in it. */
export interface ReportPart {
  readonly file: string;
  readonly state: ReportState;
}

/**
 * Several reports as one (the shards of a run, `--shard I/N`): every key of every report, the latest
 * report's entry when two name one key; the runs of all, in the order they started. Each shard's
 * keys are its own, so nothing is lost by the union.
 */
export function mergeReportStates(parts: readonly ReportPart[]): ReportState {
  if (parts.length === 1) return parts[0]!.state;
  const keys = new Map<string, KeyState>();
  const runs: { run: RunLine; summary: SummaryLine | undefined }[] = [];
  const summaries: SummaryLine[] = [];
  for (const { state } of parts) {
    for (const [key, entry] of state.keys) keys.set(key, entry);
    state.runs.forEach((run, i) => runs.push({ run, summary: state.runSummaries[i] }));
    summaries.push(...state.summaries);
  }
  runs.sort((a, b) => a.run.startedAt.localeCompare(b.run.startedAt));
  summaries.sort((a, b) => a.at.localeCompare(b.at));
  const counts: Record<KeyStatus, number> = { uploaded: 0, invalid: 0, failed: 0, uncertain: 0, changed: 0, duplicate: 0 };
  let onPlatform = 0;
  for (const entry of keys.values()) {
    counts[entry.status] += 1;
    if (entry.uploaded !== undefined || entry.uncertainHash !== undefined) onPlatform += 1;
  }
  const outstanding = function* (): Iterable<KeyState> {
    for (const entry of keys.values()) if (entry.status !== 'uploaded' && entry.status !== 'duplicate') yield entry;
  };
  return { keys, counts, onPlatform, outstanding, runs: runs.map((r) => r.run), summaries, runSummaries: runs.map((r) => r.summary) };
}

/**
 * The summary of several reports: the counts, errors and lists of their union, and, since each
 * report has its own latest run, unfinished when any of them is (the first such, by name).
 */
export function summarizeReports(
  parts: readonly ReportPart[],
  merged: ReportState,
): { summary: ReportSummary; unfinished: readonly string[] } {
  const conflicts = parts.length > 1 ? findConflicts(parts) : undefined;
  const summary = { ...summarizeReport(merged), ...(conflicts !== undefined ? { conflicts } : {}) };
  if (parts.length === 1) return { summary, unfinished: summary.unfinished === undefined ? [] : [parts[0]!.file] };
  const each = parts.map((part) => {
    const one = summarizeReport(part.state);
    return { file: part.file, unfinished: one.unfinished, stray: one.stray };
  });
  const first = each.find((e) => e.unfinished !== undefined);
  // Each report's latest run read its own rows of no record (a shard's, say): all of them are still there.
  const strays = each.flatMap((e) => (e.stray === undefined ? [] : [e.stray]));
  const rows = strays.reduce((n, s) => n + s.rows, 0);
  const stray = rows === 0 ? undefined : { rows, problems: strays.flatMap((s) => s.problems).slice(0, STRAY_PROBLEMS_KEPT) };
  const { stray: _last, ...rest } = summary;
  return {
    summary: {
      ...rest,
      ...(stray !== undefined ? { stray } : {}),
      outstanding: summary.outstanding - (summary.stray?.rows ?? 0) + rows,
      unfinished: first?.unfinished,
    },
    unfinished: each.filter((e) => e.unfinished !== undefined).map((e) => e.file),
  };
}

/** The shard count of a run line: N of `--shard I/N`, 1 without. */
function shardCount(run: RunLine): string {
  const shard = run.settings?.['shard'];
  return typeof shard === 'string' ? (shard.split('/')[1] ?? shard) : '1';
}

/**
 * What makes several reports unable to all be right (see {@link ReportConflicts}): their real runs
 * made with different shard counts (the keys were dealt out differently, so some rows belong to two
 * shards), and every key uploaded in more than one report. Undefined when there is none. Pure.
 */
export function findConflicts(parts: readonly ReportPart[], maxListed = MAX_CONFLICT_KEYS): ReportConflicts | undefined {
  const counts = new Set<string>();
  const shards = parts.map(({ file, state }) => {
    const real = state.runs.filter((run) => !isDryRunLine(run));
    for (const run of real) counts.add(shardCount(run));
    return { file, shard: [...new Set(real.map((run) => String(run.settings?.['shard'] ?? 'none')))] };
  });
  /** The first report that holds a key uploaded, and the keys uploaded in several, by the reports holding them. */
  const first = new Map<string, number>();
  const several = new Map<string, number[]>();
  parts.forEach(({ state }, index) => {
    for (const [key, entry] of state.keys) {
      if (entry.uploaded === undefined) continue;
      const at = first.get(key);
      if (at === undefined) first.set(key, index);
      else several.set(key, [...(several.get(key) ?? [at]), index]);
    }
  });
  if (counts.size <= 1 && several.size === 0) return undefined;
  const listed = [...several.entries()].slice(0, maxListed).map(([key, at]) => ({ key, files: at.map((index) => parts[index]!.file) }));
  return {
    ...(counts.size > 1 ? { shards } : {}),
    ...(several.size > 0 ? { keysInSeveral: { count: several.size, listed } } : {}),
  };
}
