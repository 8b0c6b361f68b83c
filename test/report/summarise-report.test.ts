import { foldReport } from '../../src/report/fold-report.js';
import { summariseReport } from '../../src/report/summarise-report.js';
import { L } from './report-fixtures.js';

describe('summariseReport', () => {
  test('counts keys by latest status, groups errors by code, lists uncertain rows', () => {
    const state = foldReport([
      L.run(),
      L.intent('a', 'h'),
      L.uploaded('a', 'h', 1),
      L.intent('b', 'h'),
      L.failed('b', 'h', false),
      L.intent('c', 'h'),
      L.failed('c', 'h', false),
      L.intent('d', 'h'),
      L.failed('d', 'h', true),
      L.invalid('e', 'h'),
      L.intent('f', 'h', 1, 9),
      L.uncertain('f', 'h', 9),
      L.intent('g', 'h', 1, 10),
      { type: 'summary', at: 'x', counts: { uploaded: 1, invalid: 1, failed: 3, uncertain: 1, skipped: 0, changed: 0 }, rows: 6, durationMs: 5, interrupted: false },
    ]);
    const summary = summariseReport(state);
    expect(summary.counts).toEqual({ uploaded: 1, invalid: 1, failed: 3, uncertain: 2, changed: 0 });
    expect(summary.keys).toBe(7);
    expect(summary.runs).toBe(1);
    expect(summary.errors.map((e) => [e.status, e.code, e.count])).toEqual([
      ['failed', 'PLATFORM_ERROR', 2],
      ['uncertain', 'NO_OUTCOME', 1],
      ['failed', 'PLATFORM_BUSY', 1],
      ['uncertain', 'PLATFORM_ERROR', 1],
      ['invalid', 'VALUE_NOT_A_NUMBER', 1],
    ]);
    expect(summary.errors[0]!.example).toMatchObject({ key: 'b', detail: 'field "x" is missing' });
    expect(summary.uncertain.map((u) => [u.key, u.reason, u.location.row])).toEqual([
      ['f', 'status 500', 9],
      ['g', 'no outcome', 10],
    ]);
    expect(summary.lastSummary?.rows).toBe(6);
  });

  test('a last run killed before its summary has none, even when an earlier run wrote one', () => {
    const done = { type: 'summary', at: 'x', counts: { uploaded: 1, invalid: 0, failed: 0, uncertain: 0, skipped: 0, changed: 0 }, rows: 1, durationMs: 5, interrupted: false } as const;
    const state = foldReport([L.run(), L.intent('a', 'h'), L.uploaded('a', 'h', 1), done, L.run(), L.intent('b', 'h')]);
    expect(summariseReport(state).lastSummary).toBeUndefined();
    expect(summariseReport(foldReport([L.run(), done])).lastSummary).toEqual(done);
  });
});
