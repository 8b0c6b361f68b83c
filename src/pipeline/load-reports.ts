import path from 'node:path';
import { checkReportPath } from '../report/check-report-path.js';
import type { LedgerState } from '../report/fold-report.js';
import { loadReportState } from '../report/load-report-state.js';
import { summarizeReport, type ReportSummary } from '../report/summarize-report.js';
import { mergeReportStates, summarizeReports, type ReportPart } from './merge-report-states.js';
import { PipelineError } from './pipeline-errors.js';
import type { RunReportDeps, RunReportOptions } from './report-types.js';
import { wholeReportState } from './whole-report-state.js';

/** The reports `report` read, put together, and their summary. */
export interface LoadedReports {
  /** Folded compactly only when one report is read and no output needs every key. */
  readonly state: LedgerState;
  readonly summary: ReportSummary;
  /** The reports, as named, whose latest run did not finish. */
  readonly unfinishedIn: readonly string[];
}

/**
 * Reads and folds the reports `names` (as `expandReportFiles` gave them), read-only and with no lock,
 * and summarizes them as one.
 * @throws PipelineError `REPORT_NOT_FOUND`, ReportError `REPORT_NOT_A_FILE`, `REPORT_CORRUPT`.
 */
export async function loadReports(names: readonly string[], options: RunReportOptions, deps: RunReportDeps): Promise<LoadedReports> {
  const resolve = (file: string): string => path.resolve(options.cwd, file);
  // One report is folded compactly unless an output needs every uploaded row (their lists, the page,
  // the annotated copy): its memory then stays flat (ARCHITECTURE.md). Several (the shards of a run)
  // are folded whole, one after another, then their keys and runs put together.
  const whole = names.length > 1 || options.uploadedOut !== undefined || options.annotate !== undefined || options.html !== undefined;
  if (!whole) {
    const name = names[0] ?? options.file;
    const state = await loadOne(name, resolve(name), deps, false);
    const summary = summarizeReport(state);
    return { state, summary, unfinishedIn: summary.unfinished === undefined ? [] : [name] };
  }
  const parts: ReportPart[] = [];
  for (const name of names) parts.push({ file: name, state: wholeReportState(await loadOne(name, resolve(name), deps, true)) });
  const state = mergeReportStates(parts);
  const { summary, unfinished } = summarizeReports(parts, wholeReportState(state));
  return { state, summary, unfinishedIn: unfinished };
}

/** One report read and folded (read-only, no lock; a torn last line skipped with a warning). */
async function loadOne(name: string, file: string, deps: RunReportDeps, whole: boolean): Promise<LedgerState> {
  await checkReportPath(file, { forWriting: false, option: '<file>' });
  // The summary only counts the plainly uploaded keys: none is looked up unless a line after the ledger index names it.
  const { state, warnings, exists } = whole
    ? await loadReportState(file, { whole: true })
    : await loadReportState(file, { lazyKeys: true });
  if (!exists) {
    throw new PipelineError('REPORT_NOT_FOUND', `there is no report ${name}`, {
      location: { file: name },
      hint: 'Give the --report file of an ingest run (or a glob of several, quoted).',
    });
  }
  for (const w of warnings) deps.onWarning?.(w);
  return state;
}
