import { lastRunNotice } from '../../report/last-run-notice.js';
import type { ReportLocation } from '../../report/report-lines.js';
import type { ReportSummary } from '../../report/summarize-report.js';
import { formatRowProblems } from './format-row-problems.js';
import { formatTable } from './format-table.js';

function place(location: ReportLocation): string {
  return `${location.file}${location.sheet === undefined ? '' : ` sheet "${location.sheet}"`} row ${location.row}`;
}

/** Rows of a list, the first `max`, and how many more `--json` lists. */
function listed<T>(out: string[], title: string, items: readonly T[], max: number, head: string[], row: (item: T) => string[]): void {
  if (items.length === 0) return;
  out.push('', title);
  out.push(formatTable(head, items.slice(0, max).map(row)).trimEnd());
  if (items.length > max) out.push(`… and ${items.length - max} more (--json lists all)`);
}

/**
 * What `mge-ingest report FILE` prints: the runs, every key counted once by its latest status, errors
 * grouped by code with one example each, the uncertain and the changed rows (the first `maxListed`
 * of each), and whether the latest run finished.
 */
export function formatReportSummary(file: string, s: ReportSummary, maxListed = 20): string {
  const out: string[] = [];
  const last = s.lastRun;
  out.push(`${file}: ${s.runs} run(s), ${s.keys} record(s)`);
  if (last)
    out.push(`last run ${last.startedAt}, template ${last.template.id} (${last.template.fingerprint}), mapping ${last.mapping.file}`);
  const notice = lastRunNotice(s);
  if (notice !== undefined) out.push(notice);
  out.push('');
  out.push(
    formatTable(
      ['status', 'records'],
      Object.entries(s.counts).map(([status, n]) => [status, String(n)]),
    ).trimEnd(),
  );
  if (s.errors.length > 0) {
    out.push('', 'Errors by code:');
    const rows = s.errors.map((e) => [
      e.code,
      e.status,
      String(e.count),
      String(e.problems),
      `${place(e.example.location)}${e.example.detail ? `: ${e.example.detail}` : ''}`,
    ]);
    out.push(formatTable(['code', 'status', 'records', 'problems', 'example'], rows).trimEnd());
  }
  if (s.stray !== undefined) {
    out.push('', `${s.stray.rows} row(s) of no record in the latest run (table or array rows whose 数据ID is on no row of sheet 1):`);
    out.push(formatRowProblems(s.stray.problems.slice(0, maxListed)).trimEnd());
  }
  listed(
    out,
    'Uncertain records (may or may not be on the platform; check them, or re-send with --retry-uncertain):',
    s.uncertain,
    maxListed,
    ['where', 'reason', 'attempts', 'key'],
    (u) => [place(u.location), u.reason ?? '', String(u.attempts), u.key],
  );
  listed(
    out,
    'Changed records (a known key with new content, not uploaded; check them, or upload them as new records with --on-change upload):',
    s.changed,
    maxListed,
    ['where', 'differs from record', 'key'],
    (c) => [place(c.location), c.oldId === undefined ? '(uncertain upload)' : String(c.oldId), c.key],
  );
  const conflicts = s.conflicts;
  if (conflicts?.shards !== undefined) {
    out.push(
      '',
      'These reports were made with different shard counts, so their keys were dealt out differently and records may be stored twice:',
    );
    out.push(
      formatTable(
        ['report', '--shard'],
        conflicts.shards.map((r) => [r.file, r.shard.join(', ')]),
      ).trimEnd(),
    );
  }
  const several = conflicts?.keysInSeveral;
  if (several !== undefined) {
    out.push('', `${several.count} key(s) uploaded in more than one report (each has a record on the platform per report):`);
    out.push(
      formatTable(
        ['key', 'reports'],
        several.listed.map((k) => [k.key, k.files.join(', ')]),
      ).trimEnd(),
    );
    if (several.count > several.listed.length) out.push(`… and ${several.count - several.listed.length} more`);
  }
  return `${out.join('\n')}\n`;
}
