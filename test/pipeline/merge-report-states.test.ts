import { foldReport } from '../../src/report/fold-report.js';
import type { ReportLine } from '../../src/report/report-lines.js';
import { mergeReportStates, summarizeReports } from '../../src/pipeline/merge-report-states.js';
import { L } from '../report/report-fixtures.js';

const summary = (interrupted = false): ReportLine => ({
  type: 'summary',
  at: '2026-11-23T08:00:00.000Z',
  counts: { uploaded: 1, invalid: 0, failed: 0, uncertain: 0, skipped: 0, changed: 0 },
  rows: 1,
  durationMs: 5,
  interrupted,
});

describe('mergeReportStates and summarizeReports (the shards of one run as one report)', () => {
  const shard0 = foldReport([L.run('a'), L.uploaded('k1', 'h1', 1), L.invalid('k2', 'h2', 3), summary()]);
  const shard1 = foldReport([L.run('b'), L.uploaded('k3', 'h3', 2, 4), summary()]);

  test('every key of every shard, every run, counted once', () => {
    const parts = [
      { file: 's0.jsonl', state: shard0 },
      { file: 's1.jsonl', state: shard1 },
    ];
    const merged = mergeReportStates(parts);
    expect([...merged.keys.keys()].sort()).toEqual(['k1', 'k2', 'k3']);
    expect(merged.runs).toHaveLength(2);
    expect(merged.runSummaries.every((s) => s !== undefined)).toBe(true);
    const { summary: s, unfinished } = summarizeReports(parts, merged);
    expect(s.counts).toMatchObject({ uploaded: 2, invalid: 1 });
    expect(s.outstanding).toBe(1);
    expect(s.unfinished).toBeUndefined();
    expect(unfinished).toEqual([]);
  });

  test('one shard whose latest run did not finish makes the whole unfinished, whichever report comes last', () => {
    const killed = foldReport([L.run('c'), L.uploaded('k4', 'h4', 3)]);
    const parts = [
      { file: 's0.jsonl', state: killed },
      { file: 's1.jsonl', state: shard1 },
    ];
    const { summary: s, unfinished } = summarizeReports(parts, mergeReportStates(parts));
    expect(s.unfinished).toMatchObject({ runId: 'c', why: 'killed' });
    expect(unfinished).toEqual(['s0.jsonl']);
  });

  test('one report is returned as it is', () => {
    expect(mergeReportStates([{ file: 'only.jsonl', state: shard0 }])).toBe(shard0);
  });
});
