import { foldReport } from '../../../src/report/fold-report.js';
import { buildReportView } from '../../../src/report/html/build-report-view.js';
import type { ReportLine } from '../../../src/report/report-lines.js';
import { summarizeReport } from '../../../src/report/summarize-report.js';
import { L } from '../report-fixtures.js';

function view(lines: ReportLine[], limits = { problems: 100, rows: 100 }) {
  const state = foldReport(lines);
  return buildReportView(state, summarizeReport(state), { file: 'r.jsonl', generatedAt: 'now', toolVersion: '9.9.9', limits });
}

describe('buildReportView', () => {
  const lines: ReportLine[] = [
    L.run(),
    L.uploaded('a', 'h1', 11, 5),
    L.uploaded('b', 'h2', 12, 3),
    L.invalid('c', 'h3', 4),
    L.failed('d', 'h4', false, 'PLATFORM_ERROR', 2),
    L.uncertain('e', 'h5', 6),
    L.uploaded('f', 'h6', 13, 7),
    L.changed('f', 'h7', 'h6', 13),
    L.uploaded('h8', 'h8', 14, 8),
  ];

  test('counts every key once by its latest status, like report --json', () => {
    const v = view(lines);
    expect(Object.fromEntries(v.counts.map((c) => [c.name, c.count]))).toEqual({
      keys: 7,
      uploaded: 3,
      invalid: 1,
      failed: 1,
      uncertain: 1,
      changed: 1,
    });
    expect(v.kind).toBe('report');
    expect(v.runs).toHaveLength(1);
    expect(v.runs[0]?.outcome?.state).toBe('no summary');
    expect(v.notices).toEqual([expect.stringMatching(/^the latest run \(.*\) has no summary line: it was killed/)]);
  });

  test("problems in file and row order: the cells of invalid rows, the platform's answer for failed and uncertain rows", () => {
    const p = view(lines).problems;
    expect(p.rows.map((r) => [r.row, r.status, r.code, r.cell])).toEqual([
      [2, 'failed', 'PLATFORM_ERROR', undefined],
      [4, 'invalid', 'VALUE_NOT_A_NUMBER', 'B4'],
      [6, 'uncertain', 'PLATFORM_ERROR', undefined],
    ]);
    expect(p.rows[0]?.message).toBe('PLATFORM_ERROR (HTTP 422, code 2102): field "x" is missing');
    expect(p.byCode).toEqual([
      { value: 'PLATFORM_ERROR', count: 2, records: 2 },
      { value: 'VALUE_NOT_A_NUMBER', count: 1, records: 1 },
    ]);
  });

  test('uploaded rows with their platform ids (a hash key shortened), the changed row with the id it differs from', () => {
    const v = view(lines);
    expect(v.uploaded?.rows.map((r) => [r.key, r.row, r.id])).toEqual([
      ['b', 3, 12],
      ['a', 5, 11],
      ['#h8', 8, 14],
    ]);
    expect(v.changed?.rows).toEqual([{ key: 'f', file: 'data.csv', sheet: undefined, row: 2, oldId: 13, oldHash: 'h6', hash: 'h7' }]);
    expect(v.uncertain?.rows.map((r) => [r.key, r.reason])).toEqual([['e', 'status 500']]);
  });

  test('lists beyond the limits keep the first rows by location, count the rest and say what lists them all', () => {
    const many: ReportLine[] = [L.run()];
    for (let i = 0; i < 50; i++) many.push(L.uploaded(`u${i}`, `h${i}`, 100 + i, 200 - i), L.invalid(`x${i}`, `g${i}`, 300 + i));
    const v = view(many, { problems: 10, rows: 5 });
    expect(v.uploaded?.rows.map((r) => r.row)).toEqual([151, 152, 153, 154, 155]);
    expect(v.uploaded?.total).toBe(50);
    expect(v.uploaded?.allRowsHint).toBe('mge-ingest report r.jsonl --uploaded-out uploaded.csv');
    expect(v.problems.rows).toHaveLength(10);
    expect(v.problems.total).toBe(50);
    expect(v.problems.byCode).toEqual([{ value: 'VALUE_NOT_A_NUMBER', count: 50, records: 50 }]);
    expect(v.problems.allRowsHint).toBe('mge-ingest report r.jsonl --failed-out rows.csv');
  });
});
