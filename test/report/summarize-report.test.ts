import { foldReport } from '../../src/report/fold-report.js';
import { summarizeReport } from '../../src/report/summarize-report.js';
import type { RunLine } from '../../src/report/report-lines.js';
import { L } from './report-fixtures.js';

const done = {
  type: 'summary',
  at: 'x',
  counts: { uploaded: 1, invalid: 0, failed: 0, uncertain: 0, skipped: 0, changed: 0 },
  rows: 1,
  durationMs: 5,
  interrupted: false,
} as const;

describe('summarizeReport', () => {
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
      {
        type: 'summary',
        at: 'x',
        counts: { uploaded: 1, invalid: 1, failed: 3, uncertain: 1, skipped: 0, changed: 0 },
        rows: 6,
        durationMs: 5,
        interrupted: false,
      },
    ]);
    const summary = summarizeReport(state);
    expect(summary.counts).toEqual({ uploaded: 1, invalid: 1, failed: 3, uncertain: 2, changed: 0, duplicate: 0 });
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

  test('a last run killed before its summary has none, even when an earlier run wrote one: it is unfinished', () => {
    const state = foldReport([L.run(), L.intent('a', 'h'), L.uploaded('a', 'h', 1), done, L.run('r2'), L.intent('b', 'h')]);
    expect(summarizeReport(state).lastSummary).toBeUndefined();
    expect(summarizeReport(state).unfinished).toMatchObject({ runId: 'r2', why: 'killed' });
    expect(summarizeReport(foldReport([L.run(), done])).lastSummary).toEqual(done);
  });

  test('what is outstanding now, not history: a killed run that a later run completed leaves nothing', () => {
    const state = foldReport([
      L.run('r1'),
      L.intent('a', 'h'),
      L.uploaded('a', 'h', 1),
      L.run('r2'),
      L.skipped('a', 'h', 'uploaded'),
      L.intent('b', 'h'),
      L.uploaded('b', 'h', 2),
      done,
    ]);
    const summary = summarizeReport(state);
    expect(summary.unfinished).toBeUndefined();
    expect(summary.outstanding).toBe(0);
    expect(summary.lastSummary).toEqual(done);
  });

  test.each([
    ['interrupted', { ...done, interrupted: true }, { why: 'interrupted' }],
    [
      'stopped',
      {
        ...done,
        fatal: 'CSV_PARSE_ERROR',
        error: { code: 'CSV_PARSE_ERROR', message: 'a quote is not closed', location: { file: 'data.csv', row: 7 } },
      },
      { why: 'stopped', fatal: 'CSV_PARSE_ERROR', error: { location: { row: 7 } } },
    ],
  ] as const)('a latest run %s is unfinished (its unread rows are outstanding)', (_name, summaryLine, expected) => {
    expect(summarizeReport(foldReport([L.run('r1'), L.intent('a', 'h'), L.uploaded('a', 'h', 1), summaryLine])).unfinished).toMatchObject({
      runId: 'r1',
      ...expected,
    });
  });

  test('a dry run after a killed run does not hide it, and a finished dry run is no unfinished run', () => {
    const dry = { ...(L.run('dry') as RunLine), dryRun: true };
    expect(summarizeReport(foldReport([L.run('r1'), L.intent('a', 'h'), dry, done])).unfinished).toMatchObject({
      runId: 'r1',
      why: 'killed',
    });
    expect(summarizeReport(foldReport([L.run('r1'), done, dry, done])).unfinished).toBeUndefined();
  });

  test('changed rows are outstanding and listed with the record they differ from', () => {
    const state = foldReport([
      L.run('r1'),
      L.intent('a', 'h1'),
      L.uploaded('a', 'h1', 7),
      L.intent('b', 'h1'),
      L.uploaded('b', 'h1', 8),
      done,
      L.run('r2'),
      L.changed('a', 'h2', 'h1', 7),
      L.skipped('b', 'h1', 'uploaded'),
      done,
    ]);
    const summary = summarizeReport(state);
    expect(summary.counts).toMatchObject({ uploaded: 1, changed: 1 });
    expect(summary.outstanding).toBe(1);
    expect(summary.changed).toEqual([{ key: 'a', hash: 'h2', location: { file: 'data.csv', row: 2 }, oldId: 7, oldHash: 'h1' }]);
    expect(summary.errors).toEqual([]);
  });
});
