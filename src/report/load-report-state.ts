import { tmpdir } from 'node:os';
import path from 'node:path';
import { createReportFolder, type LedgerState, type ReportState } from './fold-report.js';
import { scanReport, type ReportWarning, type ScanReportOptions } from './scan-report.js';

export interface LoadReportOptions extends ScanReportOptions {
  /**
   * Every key whole, with its location and cells (the exports, the page, `--annotate`); otherwise
   * plainly uploaded keys are held compactly (`createReportFolder({ compact: true })`). @default false
   */
  readonly whole?: boolean;
}

/**
 * Streams a report into its folded state without holding its lines: what `ingest` does before
 * appending (with `repair: true`, under the lock) and what `report` does to summarize.
 */
export async function loadReportState(
  file: string,
  options: LoadReportOptions & { readonly whole: true },
): Promise<{ state: ReportState; warnings: readonly ReportWarning[]; exists: boolean }>;
export async function loadReportState(
  file: string,
  options?: LoadReportOptions,
): Promise<{ state: LedgerState; warnings: readonly ReportWarning[]; exists: boolean }>;
export async function loadReportState(
  file: string,
  options: LoadReportOptions = {},
): Promise<{ state: LedgerState; warnings: readonly ReportWarning[]; exists: boolean }> {
  // The table's older values go beside the report (a folder that is written to anyway, and on a disk,
  // where the system's temporary folder may be memory), else there.
  const spillDirs = [path.dirname(path.resolve(file)), tmpdir()];
  const folder = options.whole === true ? createReportFolder() : createReportFolder({ compact: true, spillDirs });
  const result = await scanReport(file, (line, number) => folder.add(line, number), options);
  return { state: folder.state(), warnings: result.warnings, exists: result.exists };
}
