import { createReportFolder, type ReportState } from './fold-report.js';
import { scanReport, type ReportWarning, type ScanReportOptions } from './scan-report.js';

/**
 * Streams a report into its folded {@link ReportState} without holding its lines: what `ingest` does
 * before appending (with `repair: true`, under the lock) and what `report` does to summarize.
 */
export async function loadReportState(
  file: string,
  options: ScanReportOptions = {},
): Promise<{ state: ReportState; warnings: readonly ReportWarning[]; exists: boolean }> {
  const folder = createReportFolder();
  const result = await scanReport(file, (line) => folder.add(line), options);
  return { state: folder.state(), warnings: result.warnings, exists: result.exists };
}
