import { lastRunNotice } from '../../report/last-run-notice.js';
import type { ReportLocation } from '../../report/report-lines.js';
import type { ReportSummary } from '../../report/summarise-report.js';
import { formatTable } from './format-table.js';

function place(location: ReportLocation): string {
  return `${location.file}${location.sheet === undefined ? '' : ` sheet "${location.sheet}"`} row ${location.row}`;
}

/**
 * What `mge-ingest report FILE` prints: the runs, every key counted once by its latest status, errors
 * grouped by code with one example each, and the uncertain rows (the first `maxUncertain`).
 */
export function formatReportSummary(file: string, s: ReportSummary, maxUncertain = 20): string {
  const out: string[] = [];
  const last = s.lastRun;
  out.push(`${file}: ${s.runs} run(s), ${s.keys} row key(s)`);
  if (last) out.push(`last run ${last.startedAt}, template ${last.template.id} (${last.template.fingerprint}), mapping ${last.mapping.file}`);
  const notice = lastRunNotice(s);
  if (notice !== undefined) out.push(notice);
  out.push('');
  out.push(formatTable(['status', 'rows'], Object.entries(s.counts).map(([status, n]) => [status, String(n)])).trimEnd());
  if (s.errors.length > 0) {
    out.push('', 'Errors by code:');
    const rows = s.errors.map((e) => [e.code, e.status, String(e.count), `${place(e.example.location)}${e.example.detail ? `: ${e.example.detail}` : ''}`]);
    out.push(formatTable(['code', 'status', 'rows', 'example'], rows).trimEnd());
  }
  if (s.uncertain.length > 0) {
    out.push('', `Uncertain rows (may or may not be on the platform; check them, or re-send with --retry-uncertain):`);
    const rows = s.uncertain.slice(0, maxUncertain).map((u) => [place(u.location), u.reason ?? '', String(u.attempts), u.key]);
    out.push(formatTable(['where', 'reason', 'attempts', 'key'], rows).trimEnd());
    if (s.uncertain.length > maxUncertain) out.push(`… and ${s.uncertain.length - maxUncertain} more (--json lists all)`);
  }
  return `${out.join('\n')}\n`;
}
