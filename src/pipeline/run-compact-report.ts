import { stat } from 'node:fs/promises';
import path from 'node:path';
import { checkReportPath } from '../report/check-report-path.js';
import { compactReport, type CompactResult } from '../report/compact-report.js';
import type { ReportLockOptions } from '../report/acquire-report-lock.js';
import { PipelineError } from './pipeline-errors.js';
import type { OnWarning } from './pipeline-warning.js';

/** Options of {@link runCompactReport}. */
export interface RunCompactReportOptions {
  /** The report, as the user named it. */
  readonly file: string;
  /** Where a relative path is found. */
  readonly cwd: string;
}

/**
 * The `report compact FILE` pipeline: the report rewritten as its state, under its lock
 * (`compactReport`; docs/report-format.md → Compaction).
 * @throws PipelineError `REPORT_NOT_FOUND`; ReportError `REPORT_NOT_A_FILE`, `REPORT_LOCKED`, `REPORT_CORRUPT`.
 */
export async function runCompactReport(
  options: RunCompactReportOptions,
  deps: { readonly onWarning?: OnWarning; readonly lock?: ReportLockOptions } = {},
): Promise<CompactResult> {
  const file = path.resolve(options.cwd, options.file);
  await checkReportPath(file, { forWriting: true, option: '<file>' });
  const exists = await stat(file).then(
    () => true,
    () => false,
  );
  if (!exists)
    throw new PipelineError('REPORT_NOT_FOUND', `there is no report ${options.file}`, {
      location: { file: options.file },
      hint: 'Give the --report file of an ingest run.',
    });
  return compactReport(file, { ...(deps.lock ? { lock: deps.lock } : {}), ...(deps.onWarning ? { onWarning: deps.onWarning } : {}) });
}
