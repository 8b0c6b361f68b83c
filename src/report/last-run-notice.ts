import { formatLocation } from '../errors/format-location.js';
import { earlyStopText } from './early-stop-text.js';
import type { ReportSummary } from './summarize-report.js';

/**
 * What a curator must know of the latest real run when it did not finish (the rows it never read are
 * in no line), or undefined when it did. One text for the terminal summary and the HTML page.
 */
export function lastRunNotice(s: Pick<ReportSummary, 'unfinished'>): string | undefined {
  const u = s.unfinished;
  if (u === undefined) return undefined;
  const run = `the latest run (${u.startedAt})`;
  if (u.why === 'killed') return `${run} has no summary line: it was killed (or is still running); run ingest again to resume`;
  if (u.why === 'interrupted') return `${run} was interrupted; run ingest again to resume`;
  if (u.why === 'stopped-early' && u.stoppedBy !== undefined)
    return `${run} ${earlyStopText(u.stoppedBy)}; look at the rows it lists, then run ingest again to go on`;
  const where = u.error?.location === undefined ? '' : ` at ${formatLocation(u.error.location)}`;
  const what = u.error === undefined ? '' : `: ${u.error.message}${where}`;
  return `${run} stopped with ${u.fatal ?? 'an error'}${what}; fix the cause and run ingest again to resume`;
}
