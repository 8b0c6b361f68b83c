import { earlyStopText } from '../../report/early-stop-text.js';
import type { EarlyStop, OutcomeType, StrayRows } from '../../report/report-lines.js';
import type { RowsToCheck } from '../../upload/upload-types.js';
import { formatRowProblems } from './format-row-problems.js';
import { formatTable } from './format-table.js';

/** The final summary of an `ingest` run, as printed and as `--json` emits it. */
export interface IngestSummaryView {
  readonly report: string;
  readonly template: { readonly id: number; readonly pubDate: string } | undefined;
  readonly dryRun: boolean;
  readonly counts: Readonly<Record<OutcomeType, number>>;
  /** Of `counts.skipped`, rows repeated exactly under the mapping's `duplicates: identical-ok`: not sent, nothing to check. */
  readonly duplicate?: number;
  readonly rows: number;
  readonly notUploaded: number;
  /** `notUploaded` by why (skipped rows of earlier runs included). */
  readonly toCheck: RowsToCheck;
  readonly durationMs: number;
  readonly interrupted: boolean;
  /** Stopped early by a row limit (`--max-errors`, `--max-changes`; exit 1): the rest of the input was not read. */
  readonly stoppedEarly: boolean;
  /** Which limit, and its value. */
  readonly stoppedBy: EarlyStop | undefined;
  /** The code of the error that stopped the run (exit 3), if any. */
  readonly fatal: string | undefined;
  /** Dry run: what a real run would do, by resume decision. */
  readonly plans: Readonly<Record<string, number>> | undefined;
  readonly exitCode: number;
  /** The inputs held no table file (an empty drop folder): nothing was read, the report not touched. */
  readonly nothingToDo?: boolean;
  /** Rows read that belong to no record (a workbook's table rows of an unknown 数据ID): rows to check, not records. */
  readonly stray?: StrayRows;
  /** With `--shard`: rows read that belong to other shards (left to them, not in this report). */
  readonly otherShards?: number;
  /** With `--move-done`: the inputs moved, and those done that could not be. */
  readonly moved?: {
    readonly moved: readonly { readonly file: string; readonly to: string }[];
    readonly unmoved: readonly { readonly file: string; readonly reason: string }[];
  };
}

const MEANING: Readonly<Record<OutcomeType, string>> = {
  uploaded: 'stored on the platform',
  skipped: 'not sent: uploaded before, or left uncertain/rejected by an earlier run',
  changed: 'known key with new content, not uploaded (check it; --on-change upload uploads it as a new record)',
  invalid: 'did not map or validate (fix the cells)',
  failed: 'not stored (rejected, or retries exhausted)',
  uncertain: 'may or may not be stored: check, or --retry-uncertain',
};

/** The summary table and the lines that tell the user where to look and what to do next. */
export function formatIngestSummary(view: IngestSummaryView, fileName: (file: string) => string = (file) => file): string {
  if (view.nothingToDo === true)
    return `nothing to do: the inputs hold no table files (.csv, .tsv, .xlsx, .xlsm, .xls, .ods); the report ${view.report} was not touched\n`;
  const order: OutcomeType[] = ['uploaded', 'skipped', 'changed', 'invalid', 'failed', 'uncertain'];
  const rows = order.map((type) => [
    type,
    String(view.counts[type]),
    view.dryRun && type === 'skipped' ? 'valid, nothing sent (dry run)' : MEANING[type],
  ]);
  const seconds = (view.durationMs / 1000).toFixed(1);
  const rate = view.durationMs > 0 ? ((view.rows * 1000) / view.durationMs).toFixed(1) : '0';
  const run = view.dryRun ? 'Dry run' : 'Run';
  const head = view.interrupted
    ? `Interrupted ${run.toLowerCase()}`
    : view.fatal !== undefined
      ? `${run} stopped (${view.fatal})`
      : view.stoppedBy !== undefined
        ? `${run} stopped early (${view.stoppedBy.code})`
        : view.dryRun
          ? 'Dry run'
          : 'Run finished';
  const lines = [
    `${head}: ${view.rows} record(s) in ${seconds} s (${rate} records/s)`,
    formatTable(['status', 'records', 'meaning'], rows).trimEnd(),
  ];
  if (view.duplicate !== undefined && view.duplicate > 0)
    lines.push(`${view.duplicate} of the skipped are duplicate: rows repeated exactly (duplicates: identical-ok), never sent`);
  if (view.stoppedBy !== undefined && !view.interrupted) lines.push(earlyStopText(view.stoppedBy));
  if (view.plans !== undefined && Object.keys(view.plans).length > 0) {
    lines.push(
      `a real run would: ${Object.entries(view.plans)
        .map(([plan, n]) => `${plan} ${n}`)
        .join(', ')}`,
    );
  }
  if (view.otherShards !== undefined) lines.push(`${view.otherShards} record(s) of other shards read and left to them`);
  for (const m of view.moved?.moved ?? []) lines.push(`done, moved: ${m.file} → ${m.to}`);
  for (const m of view.moved?.unmoved ?? []) lines.push(`done, but not moved: ${m.file}: ${m.reason}`);
  if (view.stray !== undefined) {
    const { rows: n, problems } = view.stray;
    lines.push(`${n} row(s) of no record (table or array rows whose 数据ID is on no row of sheet 1), not read as records:`);
    lines.push(formatRowProblems(problems.slice(0, 20), { fileName }).trimEnd());
  }
  lines.push(`report: ${view.report}`);
  if (view.notUploaded > 0 && !view.dryRun)
    lines.push(`${view.notUploaded} record(s) to check (${toCheckText(view.toCheck)}): \`mge-ingest report ${view.report}\` lists them`);
  return `${lines.join('\n')}\n`;
}

/** `2 invalid, 3 uncertain (may be stored)`: an uncertain record is never called "not stored". */
function toCheckText(t: RowsToCheck): string {
  const parts: [number, string][] = [
    [t.invalid, 'invalid'],
    [t.failed, 'failed (not stored)'],
    [t.uncertain, 'uncertain (may be stored: check the platform)'],
    [t.changed, 'changed (not uploaded)'],
  ];
  return parts
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${n} ${what}`)
    .join(', ');
}
