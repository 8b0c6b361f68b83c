import type { KeyState, ReportState } from '../report/fold-report.js';
import type { KeyStatus, RunLine, SummaryLine } from '../report/report-lines.js';
import { summarizeReport, type ReportSummary } from '../report/summarize-report.js';

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
  const counts: Record<KeyStatus, number> = { uploaded: 0, invalid: 0, failed: 0, uncertain: 0, changed: 0 };
  let onPlatform = 0;
  for (const entry of keys.values()) {
    counts[entry.status] += 1;
    if (entry.uploaded !== undefined || entry.uncertainHash !== undefined) onPlatform += 1;
  }
  const outstanding = function* (): Iterable<KeyState> {
    for (const entry of keys.values()) if (entry.status !== 'uploaded') yield entry;
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
  const summary = summarizeReport(merged);
  if (parts.length === 1) return { summary, unfinished: summary.unfinished === undefined ? [] : [parts[0]!.file] };
  const each = parts.map((part) => ({ file: part.file, unfinished: summarizeReport(part.state).unfinished }));
  const first = each.find((e) => e.unfinished !== undefined);
  return {
    summary: { ...summary, unfinished: first?.unfinished },
    unfinished: each.filter((e) => e.unfinished !== undefined).map((e) => e.file),
  };
}
