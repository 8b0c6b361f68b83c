import { compareLocations } from './compare-locations.js';
import type { KeyStatus, LedgerState } from './fold-report.js';
import {
  isDryRunLine,
  type EarlyStop,
  type ReportLocation,
  type RunLine,
  type StopError,
  type StrayRows,
  type SummaryLine,
} from './report-lines.js';

/** Records that share one error code. */
export interface ErrorGroup {
  readonly code: string;
  readonly status: KeyStatus;
  /** Records (keys) with this code among their problems, each counted once: as `validate` counts them. */
  readonly count: number;
  /** Problems with this code (a record with it twice counts twice): as the page and the annotated copy count them. */
  readonly problems: number;
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

/** A known row that came with new content and was not uploaded: the user decides (check it, or `--on-change upload`). */
export interface ChangedRow {
  readonly key: string;
  /** The new content's hash. */
  readonly hash: string;
  readonly location: ReportLocation;
  /** The platform record it differs from; undefined when that earlier upload was uncertain. */
  readonly oldId: number | undefined;
  /** The hash of the version on the platform (uploaded, else uncertain). */
  readonly oldHash: string | undefined;
}

/** The latest real (not dry) run, when it did not finish: the rows it never read are in no line. */
export interface UnfinishedRun {
  readonly runId: string;
  readonly startedAt: string;
  /**
   * `killed`: no summary line (killed, or still running); `interrupted`: a signal; `stopped-early`: a
   * row limit (`--max-errors`, `--max-changes`); `stopped`: an error.
   */
  readonly why: 'killed' | 'interrupted' | 'stopped-early' | 'stopped';
  /** For `stopped-early`: the limit that stopped it. */
  readonly stoppedBy?: EarlyStop;
  /** For `stopped`: the error's code, and what and where when the report records it. */
  readonly fatal?: string;
  readonly error?: StopError;
}

/**
 * Several reports read as one (`report r0 r1 …`) that cannot all be right: each shard's report must
 * hold keys of its own, so reports made with different shard counts, or a key with a record in more
 * than one of them (two records on the platform), mean a row was stored twice. Lists are bounded.
 */
export interface ReportConflicts {
  /** When the reports' runs were made with different shard counts: each report's `--shard` values (`none` for a run without). */
  readonly shards?: readonly { readonly file: string; readonly shard: readonly string[] }[];
  /** Keys with a record (uploaded) in more than one report: how many, and the first of them with the reports that hold them. */
  readonly keysInSeveral?: {
    readonly count: number;
    readonly listed: readonly { readonly key: string; readonly files: readonly string[] }[];
  };
}

/** What `mge-ingest report FILE` shows. */
export interface ReportSummary {
  /** Keys by latest status across all runs. */
  readonly counts: Readonly<Record<KeyStatus, number>>;
  readonly keys: number;
  /** Errors of invalid, failed and uncertain rows, most frequent first. */
  readonly errors: readonly ErrorGroup[];
  readonly uncertain: readonly UncertainRow[];
  readonly changed: readonly ChangedRow[];
  readonly runs: number;
  readonly lastRun: RunLine | undefined;
  /** The last run's summary line; undefined when it was killed before writing one (or is still running). */
  readonly lastSummary: SummaryLine | undefined;
  /** Set when the latest real run did not finish. */
  readonly unfinished: UnfinishedRun | undefined;
  /**
   * Rows of no record the latest real run read (a workbook's table rows of an unknown 数据ID), with
   * their first problems: the input held them then. Absent when it read none.
   */
  readonly stray?: StrayRows;
  /** Rows outstanding now: invalid, failed, uncertain and changed by their latest status, and the latest run's rows of no record. */
  readonly outstanding: number;
  /** Several reports that cannot all be right (exit 1); absent when there is one report or none conflicts. */
  readonly conflicts?: ReportConflicts;
}

/** The index of the latest run that was not a dry run; -1 when there is none. */
function latestRealRun(state: LedgerState): number {
  let index = state.runs.length - 1;
  while (index >= 0 && isDryRunLine(state.runs[index]!)) index -= 1;
  return index;
}

function unfinishedRun(state: LedgerState): UnfinishedRun | undefined {
  const index = latestRealRun(state);
  const run = state.runs[index];
  if (run === undefined) return undefined;
  const summary = state.runSummaries[index];
  const base = { runId: run.runId, startedAt: run.startedAt };
  if (summary === undefined) return { ...base, why: 'killed' };
  if (summary.interrupted) return { ...base, why: 'interrupted' };
  if (summary.stoppedBy !== undefined) return { ...base, why: 'stopped-early', stoppedBy: summary.stoppedBy };
  if (summary.fatal !== undefined)
    return { ...base, why: 'stopped', fatal: summary.fatal, ...(summary.error ? { error: summary.error } : {}) };
  return undefined;
}

/**
 * By place in the input, not by the order the fold met the keys (which a compact fold or a compacted
 * report changes): the same report state lists the same way.
 */
function byPlace(
  x: { readonly location: ReportLocation; readonly key: string },
  y: { readonly location: ReportLocation; readonly key: string },
): number {
  return compareLocations(x.location, y.location) || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0);
}

/**
 * Summarizes a folded report: every key once by its latest status, errors by code, uncertain and
 * changed rows listed, and what is outstanding now (not history). Pure.
 */
export function summarizeReport(state: LedgerState): ReportSummary {
  const groups = new Map<string, { code: string; status: KeyStatus; count: number; problems: number; example: ErrorGroup['example'] }>();
  const uncertain: UncertainRow[] = [];
  const changed: ChangedRow[] = [];
  const counts = state.counts;
  for (const entry of state.outstanding()) {
    if (entry.status === 'changed') {
      changed.push({
        key: entry.key,
        hash: entry.hash,
        location: entry.location,
        oldId: entry.uploaded?.id,
        oldHash: entry.uploaded?.hash ?? entry.uncertainHash,
      });
      continue;
    }
    // An invalid record counts once under each of its codes, with its problems of that code.
    const found: { code: string; detail: string | undefined }[] =
      entry.status === 'invalid'
        ? (entry.problems ?? []).map((p) => ({ code: p.code, detail: p.message }))
        : [{ code: entry.failure?.code ?? 'UNKNOWN', detail: entry.failure?.detail }];
    if (found.length === 0) found.push({ code: 'INVALID', detail: undefined });
    const problemsOf = new Map<string, { detail: string | undefined; n: number }>();
    for (const { code, detail } of found) {
      const seen = problemsOf.get(code);
      if (seen === undefined) problemsOf.set(code, { detail, n: 1 });
      else seen.n += 1;
    }
    for (const [code, { detail, n }] of problemsOf) {
      const id = `${entry.status}\u0000${code}`;
      const group = groups.get(id);
      const example = { key: entry.key, location: entry.location, detail };
      if (group === undefined) groups.set(id, { code, status: entry.status, count: 1, problems: n, example });
      else {
        group.count += 1;
        group.problems += n;
        // The first record by place, whatever order the keys were folded in.
        if (byPlace(example, group.example) < 0) group.example = example;
      }
    }
    if (entry.status === 'uncertain') {
      uncertain.push({ key: entry.key, hash: entry.hash, location: entry.location, reason: entry.reason, attempts: entry.attempts });
    }
  }
  const errors = [...groups.values()].sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
  uncertain.sort(byPlace);
  changed.sort(byPlace);
  // Rows of no record have no key: what the latest real run met is what the input holds now.
  const stray = state.runSummaries[latestRealRun(state)]?.stray;
  return {
    counts,
    keys: state.keys.size,
    errors,
    uncertain,
    changed,
    runs: state.runs.length,
    lastRun: state.runs.at(-1),
    lastSummary: state.runSummaries.at(-1),
    unfinished: unfinishedRun(state),
    ...(stray !== undefined ? { stray } : {}),
    outstanding: counts.invalid + counts.failed + counts.uncertain + counts.changed + (stray?.rows ?? 0),
  };
}
