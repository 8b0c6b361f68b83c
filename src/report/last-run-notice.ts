import type { ReportSummary } from './summarise-report.js';

/** What a curator must know of the last run when it did not finish, or undefined when it did. */
export function lastRunNotice(s: Pick<ReportSummary, 'lastRun' | 'lastSummary'>): string | undefined {
  if (s.lastRun && s.lastSummary === undefined) return 'the last run has no summary line: it was killed; run ingest again to resume';
  if (s.lastSummary?.interrupted) return 'the last run was interrupted; run ingest again to resume';
  if (s.lastSummary?.fatal) return `the last run stopped with ${s.lastSummary.fatal}; fix the cause and run ingest again to resume`;
  return undefined;
}
