import { formatIngestSummary, type IngestSummaryView } from '../../../src/cli/render/format-ingest-summary.js';
import { formatReportSummary } from '../../../src/cli/render/format-report-summary.js';
import { foldReport } from '../../../src/report/fold-report.js';
import type { ReportLine } from '../../../src/report/report-lines.js';
import { summarizeReport } from '../../../src/report/summarize-report.js';
import { L } from '../../report/report-fixtures.js';

const view = (toCheck: IngestSummaryView['toCheck']): IngestSummaryView => ({
  report: 'r.jsonl',
  template: { id: 201, pubDate: 'p' },
  dryRun: false,
  counts: { uploaded: 3, skipped: 4, changed: toCheck.changed, invalid: toCheck.invalid, failed: 0, uncertain: 0 },
  rows: 10,
  notUploaded: toCheck.invalid + toCheck.failed + toCheck.uncertain + toCheck.changed,
  toCheck,
  durationMs: 1000,
  interrupted: false,
  stoppedEarly: false,
  stoppedBy: undefined,
  fatal: undefined,
  plans: undefined,
  exitCode: 1,
});

describe('formatIngestSummary', () => {
  test('after a resume, rows skipped as uncertain are "may be stored", never "not stored"', () => {
    const text = formatIngestSummary(view({ invalid: 0, failed: 0, uncertain: 4, changed: 0 }));
    const line = text.split('\n').find((l) => l.includes('to check'));
    expect(line).toBe('4 record(s) to check (4 uncertain (may be stored: check the platform)): `mge-ingest report r.jsonl` lists them');
  });

  test('every kind named with its count; changed records are to check too', () => {
    const text = formatIngestSummary(view({ invalid: 1, failed: 2, uncertain: 0, changed: 3 }));
    expect(text).toContain('6 record(s) to check (1 invalid, 2 failed (not stored), 3 changed (not uploaded))');
  });

  test('every count is of records (a grouped input has more rows than records): the head line, the table, the rate', () => {
    const text = formatIngestSummary(view({ invalid: 1, failed: 0, uncertain: 0, changed: 0 }));
    expect(text.split('\n')[0]).toBe('Run finished: 10 record(s) in 1.0 s (10.0 records/s)');
    expect(text).toMatch(/^status\s+records\s+meaning$/m);
    expect(formatIngestSummary({ ...view({ invalid: 0, failed: 0, uncertain: 0, changed: 0 }), otherShards: 5 })).toContain(
      '5 record(s) of other shards read and left to them',
    );
    expect(text).not.toMatch(/\brows?\b|row\(s\)/);
  });

  test('--max-changes counts changed records', () => {
    const stoppedBy = { code: 'MAX_CHANGES_REACHED', limit: 2 } as const;
    const text = formatIngestSummary({ ...view({ invalid: 0, failed: 0, uncertain: 0, changed: 3 }), stoppedBy, stoppedEarly: true });
    expect(text).toContain('stopped early at more than 2 changed record(s) (--max-changes 2, MAX_CHANGES_REACHED)');
  });

  test('nothing to check: no such line', () => {
    expect(formatIngestSummary({ ...view({ invalid: 0, failed: 0, uncertain: 0, changed: 0 }), exitCode: 0 })).not.toContain('to check');
  });
});

describe('formatReportSummary', () => {
  const done: ReportLine = {
    type: 'summary',
    at: 'x',
    counts: { uploaded: 1, invalid: 0, failed: 0, uncertain: 0, skipped: 0, changed: 0 },
    rows: 1,
    durationMs: 5,
    interrupted: false,
  };

  test('lists changed records with the record they differ from, and no unfinished run once the latest finished', () => {
    const state = foldReport([
      L.run('r1'),
      L.intent('a', 'h1', 1, 7),
      L.uploaded('a', 'h1', 70, 7),
      L.run('r2'),
      L.changed('a', 'h2', 'h1', 70),
      done,
    ]);
    const text = formatReportSummary('r.jsonl', summarizeReport(state));
    expect(text.split('\n')[0]).toBe('r.jsonl: 2 run(s), 1 record(s)');
    expect(text).toMatch(/^status\s+records$/m);
    expect(text).toMatch(/Changed records .*\n.*where\s+differs from record\s+key\s*\n.*\n?data\.csv row 2\s+70\s+a/);
    expect(text).not.toMatch(/killed|interrupted|stopped/);
  });

  test('a latest run stopped by an input error: the error and where', () => {
    const stopped: ReportLine = {
      ...done,
      type: 'summary',
      fatal: 'SOURCE_CSV_SYNTAX',
      error: { code: 'SOURCE_CSV_SYNTAX', message: 'the file is not valid CSV', location: { file: 'data.csv', row: 102 } },
    };
    const text = formatReportSummary('r.jsonl', summarizeReport(foldReport([L.run('r1'), stopped])));
    expect(text).toContain('stopped with SOURCE_CSV_SYNTAX: the file is not valid CSV at data.csv:102; fix the cause');
  });
});
