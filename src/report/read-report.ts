import type { ReportLine } from './report-lines.js';
import { scanReport, type ReportWarning, type ScanReportOptions } from './scan-report.js';

/** A whole report in memory (for the `report` command and tests; `loadReportState` streams). */
export interface ReadReportResult {
  readonly lines: readonly ReportLine[];
  readonly warnings: readonly ReportWarning[];
  readonly exists: boolean;
}

/**
 * Reads every line of a report. Tolerates a torn last line (warning `REPORT_TORN_LAST_LINE`; cut off
 * when `repair` is set), throws `REPORT_CORRUPT` with the line number for damage anywhere else.
 */
export async function readReport(file: string, options: ScanReportOptions = {}): Promise<ReadReportResult> {
  const lines: ReportLine[] = [];
  const result = await scanReport(file, (line) => lines.push(line), options);
  return { lines, warnings: result.warnings, exists: result.exists };
}
