import type { MappedRow } from '../mapping/rows/mapped-row.js';
import type { LedgerState } from '../report/fold-report.js';
import { planResume, type ResumeDecision, type ResumeOptions } from '../report/plan-resume.js';
import { zeroCounts, type ReportLineInput } from '../report/report-lines.js';
import { reportLocation } from '../upload/route-row.js';
import type { RowOutcome, UploadSummary } from '../upload/upload-types.js';

/** The adapters of {@link dryRunRows}. */
export interface DryRunDeps {
  readonly report: { write(line: ReportLineInput): Promise<void> };
  /** The ledger of earlier runs, to say what a real run would do with each row. */
  readonly previous?: LedgerState | undefined;
  /** Stop taking rows (SIGINT). */
  readonly signal?: AbortSignal | undefined;
  /** @default Date.now */
  readonly clock?: () => number;
  readonly onOutcome?: ((outcome: RowOutcome) => void) | undefined;
}

/** A dry run's result: the upload summary shape plus what a real run would do, by decision. */
export interface DryRunSummary extends UploadSummary {
  readonly plans: Readonly<Partial<Record<ResumeDecision, number>>>;
}

/**
 * `ingest --dry-run`: the report format of a real run, nothing sent. Valid rows get `skipped` lines
 * with `why: 'dry-run'` and the `plan` a real run would follow; the fold ignores them, so a dry run on
 * the real report is harmless. It does not stop at `--max-changes`: its plan counts show them.
 */
export async function dryRunRows(rows: AsyncIterable<MappedRow>, deps: DryRunDeps, options: ResumeOptions): Promise<DryRunSummary> {
  const clock = deps.clock ?? Date.now;
  const started = clock();
  const counts = zeroCounts();
  const plans: Partial<Record<ResumeDecision, number>> = {};
  let interrupted = false;
  let duplicate = 0;
  for await (const row of rows) {
    if (deps.signal?.aborted) {
      interrupted = true;
      break;
    }
    const base = { key: row.key, hash: row.hash, location: reportLocation(row) };
    // A row repeated exactly: what a real run would do is skip it as a duplicate (a dry line, folded as none).
    if (row.duplicate === true) {
      await deps.report.write({ type: 'skipped', ...base, why: 'dry-run', plan: 'duplicate' });
      counts.skipped += 1;
      duplicate += 1;
      deps.onOutcome?.({ ...base, type: 'skipped' });
      continue;
    }
    if (row.problems.length > 0 || row.record === undefined) {
      await deps.report.write({ type: 'invalid', ...base, problems: row.problems, sourceValues: row.sourceValues });
      counts.invalid += 1;
      deps.onOutcome?.({ ...base, type: 'invalid', ...(row.problems[0] ? { code: row.problems[0].code } : {}) });
      continue;
    }
    const plan = deps.previous ? planResume(deps.previous, row, options) : 'upload';
    plans[plan] = (plans[plan] ?? 0) + 1;
    await deps.report.write({ type: 'skipped', ...base, why: 'dry-run', plan });
    counts.skipped += 1;
    deps.onOutcome?.({ ...base, type: 'skipped' });
  }
  if (deps.signal?.aborted) interrupted = true;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const durationMs = clock() - started;
  // A dry run sends nothing: only its invalid rows are for a curator to look at.
  const toCheck = { invalid: counts.invalid, failed: 0, uncertain: 0, changed: 0 };
  return { counts, duplicate, rows: total, durationMs, notUploaded: counts.invalid, toCheck, interrupted, stoppedBy: undefined, plans };
}
