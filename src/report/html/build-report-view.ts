import { compareLocations } from '../compare-locations.js';
import { failureText } from '../export-failed-rows.js';
import type { KeyState, ReportState } from '../fold-report.js';
import { lastRunNotice } from '../last-run-notice.js';
import type { RunLine, SummaryLine } from '../report-lines.js';
import type { ReportSummary } from '../summarize-report.js';
import { createProblemCollector } from './collect-problems.js';
import {
  DEFAULT_HTML_LIMITS,
  type ChangedRowView,
  type HtmlLimits,
  type HtmlReportView,
  type RowList,
  type RunView,
  type StatusCount,
  type UncertainRowView,
  type UploadedRowView,
} from './html-report-view.js';

/** Options of {@link buildReportView}. */
export interface BuildReportViewOptions {
  /** The report as the user named it. */
  readonly file: string;
  readonly generatedAt: string;
  readonly toolVersion: string;
  /** @default DEFAULT_HTML_LIMITS */
  readonly limits?: HtmlLimits;
  /** A changed key's `fields that differ` (`changedFieldTexts`, as `--changed-out` writes them). */
  readonly changedFields?: (key: string) => string;
}

function settingText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

function runView(run: RunLine, summary: SummaryLine | undefined, index: number): RunView {
  return {
    title: `run ${index + 1}`,
    startedAt: run.startedAt,
    version: run.version,
    mapping: { file: run.mapping.file, fingerprint: run.mapping.fingerprint },
    template: { id: run.template.id, fingerprint: run.template.fingerprint },
    inputs: run.inputs.map((i) => ({ file: i.file, size: i.size, sha256: i.sha256 })),
    settings: Object.entries(run.settings).map(([name, value]) => [name, settingText(value)] as const),
    outcome: {
      state:
        summary === undefined
          ? 'no summary'
          : summary.fatal !== undefined || summary.stoppedBy !== undefined
            ? 'stopped'
            : summary.interrupted
              ? 'interrupted'
              : 'finished',
      fatal: summary?.fatal ?? summary?.stoppedBy?.code,
      counts: summary?.counts,
      rows: summary?.rows,
      durationMs: summary?.durationMs,
    },
  };
}

function bounded<T>(entries: readonly KeyState[], limit: number, allRowsHint: string, view: (entry: KeyState) => T): RowList<T> {
  const sorted = [...entries].sort((a, b) => compareLocations(a.location, b.location));
  return { rows: sorted.slice(0, limit).map(view), total: sorted.length, allRowsHint };
}

/** The mapping's key, or `#` and the start of the record hash when the mapping has none (the key is then the hash). */
const displayKey = (e: KeyState): string => (e.key === e.hash ? `#${e.hash.slice(0, 12)}` : e.key);

const where = (e: KeyState): { file: string; sheet: string | undefined; row: number } => ({
  file: e.location.file,
  sheet: e.location.sheet,
  row: e.location.row,
});

/**
 * The page of `report FILE --html OUT` (docs/html-report.md#what-the-page-shows): counts, runs, the
 * problems, uncertain, changed and uploaded rows, each list the first `limits` rows. Pure.
 */
export function buildReportView(state: ReportState, summary: ReportSummary, options: BuildReportViewOptions): HtmlReportView {
  const limits = options.limits ?? DEFAULT_HTML_LIMITS;
  const byStatus = new Map<string, KeyState[]>();
  for (const entry of state.keys.values()) {
    const list = byStatus.get(entry.status);
    if (list) list.push(entry);
    else byStatus.set(entry.status, [entry]);
  }
  const failing = [...(byStatus.get('invalid') ?? []), ...(byStatus.get('failed') ?? []), ...(byStatus.get('uncertain') ?? [])].sort(
    (a, b) => compareLocations(a.location, b.location),
  );
  const problems = createProblemCollector(limits.problems);
  for (const entry of failing) {
    if (entry.status === 'invalid') {
      problems.addRowProblems(entry.problems ?? [], entry);
      continue;
    }
    const key = entry.key === entry.hash ? undefined : entry.key;
    const code = entry.failure?.code ?? 'UNKNOWN';
    problems.add({
      status: entry.status,
      ...where(entry),
      cell: undefined,
      header: undefined,
      field: undefined,
      code,
      expected: undefined,
      found: undefined,
      message: failureText(entry),
      key,
    });
  }
  // The latest run's rows of no record: one problem each, at its 数据ID cell; no key, no record.
  for (const p of summary.stray?.problems ?? []) problems.addRowProblems([p], { key: '', hash: '', stray: true });
  const exportHint = `mge-ingest report ${options.file} --failed-out rows.csv`;
  const counts: StatusCount[] = [
    { name: 'keys', label: 'records', count: summary.keys, tone: 'plain' },
    { name: 'uploaded', label: 'uploaded', count: summary.counts.uploaded, tone: 'good' },
    { name: 'invalid', label: 'invalid', count: summary.counts.invalid, tone: 'bad' },
    { name: 'failed', label: 'failed', count: summary.counts.failed, tone: 'bad' },
    { name: 'uncertain', label: 'uncertain', count: summary.counts.uncertain, tone: 'warn' },
    { name: 'changed', label: 'changed', count: summary.counts.changed, tone: 'warn' },
    // Shown only when the latest run read some, as validate's page does.
    ...(summary.stray !== undefined
      ? [{ name: 'stray', label: 'rows of no record', count: summary.stray.rows, tone: 'bad' as const }]
      : []),
  ];
  const uncertain = bounded<UncertainRowView>(byStatus.get('uncertain') ?? [], limits.rows, exportHint, (e) => ({
    key: displayKey(e),
    ...where(e),
    reason: e.reason ?? '',
    attempts: e.attempts,
  }));
  const changed = bounded<ChangedRowView>(byStatus.get('changed') ?? [], limits.rows, `mge-ingest report ${options.file} --json`, (e) => ({
    key: e.key,
    ...where(e),
    oldId: e.uploaded?.id,
    oldHash: e.uploaded?.hash ?? e.uncertainHash,
    hash: e.hash,
    fields: options.changedFields?.(e.key),
  }));
  const uploaded = bounded<UploadedRowView>(
    byStatus.get('uploaded') ?? [],
    limits.rows,
    `mge-ingest report ${options.file} --uploaded-out uploaded.csv`,
    (e) => ({
      key: displayKey(e),
      ...where(e),
      id: e.uploaded?.id ?? 0,
    }),
  );
  return {
    kind: 'report',
    subject: options.file,
    generatedAt: options.generatedAt,
    toolVersion: options.toolVersion,
    counts,
    notices: [lastRunNotice(summary)].filter((n): n is string => n !== undefined),
    runs: state.runs.map((run, i) => runView(run, state.runSummaries[i], i)),
    problems: problems.view(exportHint),
    uncertain,
    changed,
    uploaded,
  };
}
