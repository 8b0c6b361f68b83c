import { foldReport } from '../../src/report/fold-report.js';
import { L } from './report-fixtures.js';

describe('foldReport', () => {
  test('keeps the latest status per key, the uploaded record, and attempts over runs', () => {
    const state = foldReport([
      L.run('r1'),
      L.intent('a', 'h1'),
      L.uploaded('a', 'h1', 11),
      L.intent('b', 'h1'),
      L.failed('b', 'h1', false),
      L.invalid('c', 'h1'),
      L.run('r2'),
      L.skipped('a', 'h1', 'uploaded'),
      L.intent('b', 'h1'),
      L.uploaded('b', 'h1', 12),
    ]);
    expect(state.runs).toHaveLength(2);
    expect(state.keys.get('a')).toMatchObject({ status: 'uploaded', hash: 'h1', uploaded: { id: 11, hash: 'h1' }, attempts: 1 });
    expect(state.keys.get('b')).toMatchObject({
      status: 'uploaded',
      uploaded: { id: 12 },
      attempts: 2,
      failure: undefined,
      sourceValues: undefined,
    });
    expect(state.keys.get('c')).toMatchObject({
      status: 'invalid',
      failure: { code: 'VALUE_NOT_A_NUMBER' },
      sourceValues: { 温度: 'abc' },
    });
  });

  test('an intent without an outcome becomes uncertain (killed mid-request)', () => {
    const state = foldReport([L.run(), L.intent('a', 'h1'), L.intent('b', 'h1'), L.uploaded('b', 'h1', 3)]);
    expect(state.keys.get('a')).toMatchObject({
      status: 'uncertain',
      reason: 'no outcome',
      uncertainHash: 'h1',
      failure: { code: 'NO_OUTCOME' },
    });
    expect(state.keys.get('b')?.status).toBe('uploaded');
  });

  test('an open intent of an earlier run stays uncertain when a later run only skips the row', () => {
    const state = foldReport([L.run('r1'), L.intent('a', 'h1'), L.run('r2'), L.skipped('a', 'h1', 'uncertain')]);
    expect(state.keys.get('a')).toMatchObject({ status: 'uncertain', uncertainHash: 'h1' });
  });

  test('a retrying line closes the intent: killed while waiting means failed and retryable', () => {
    const state = foldReport([L.run(), L.intent('a', 'h1'), L.retrying('a', 'h1')]);
    expect(state.keys.get('a')).toMatchObject({ status: 'failed', failure: { code: 'PLATFORM_BUSY', retryable: true } });
  });

  test('a re-send of an uncertain row that certainly stored nothing leaves the row uncertain, since the earlier attempt may be stored', () => {
    // Killed mid-request in r1; re-sent on request in r2, answered 429, killed while waiting.
    const waiting = foldReport([L.run('r1'), L.intent('a', 'h1'), L.run('r2'), L.intent('a', 'h1'), L.retrying('a', 'h1')]);
    expect(waiting.keys.get('a')).toMatchObject({
      status: 'uncertain',
      reason: 'no outcome',
      uncertainHash: 'h1',
      uncertainSince: { runId: 'r1' },
    });
    // Uncertain after a 500 in r1; re-sent in r2 and refused for good.
    const refused = foldReport([
      L.run('r1'),
      L.intent('a', 'h1'),
      L.uncertain('a', 'h1'),
      L.run('r2'),
      L.intent('a', 'h1'),
      L.failed('a', 'h1', true),
    ]);
    expect(refused.keys.get('a')).toMatchObject({ status: 'uncertain', reason: 'status 500', uncertainSince: { runId: 'r1' } });
    // A new version of the row is another record: its own failure is a failure.
    const edited = foldReport([L.run('r1'), L.intent('a', 'h1'), L.run('r2'), L.intent('a', 'h2'), L.retrying('a', 'h2')]);
    expect(edited.keys.get('a')).toMatchObject({ status: 'failed', failure: { retryable: true } });
  });

  test('a changed row keeps the earlier upload as the reference', () => {
    const state = foldReport([L.run(), L.intent('a', 'h1'), L.uploaded('a', 'h1', 7), L.run('r2'), L.changed('a', 'h2', 'h1', 7)]);
    expect(state.keys.get('a')).toMatchObject({ status: 'changed', hash: 'h2', uploaded: { id: 7, hash: 'h1' } });
  });

  test('an uncertain row later uploaded is no longer uncertain', () => {
    const state = foldReport([L.intent('a', 'h1'), L.uncertain('a', 'h1'), L.intent('a', 'h1', 2), L.uploaded('a', 'h1', 9)]);
    expect(state.keys.get('a')).toMatchObject({ status: 'uploaded', uncertainHash: undefined, attempts: 2 });
  });

  test('remembers which run left a row uncertain, for the outcome line of a re-send', () => {
    const state = foldReport([
      L.run('r1'),
      L.intent('a', 'h1'),
      L.uncertain('a', 'h1'),
      L.intent('b', 'h1'),
      L.run('r2'),
      L.skipped('a', 'h1', 'uncertain'),
      L.skipped('b', 'h1', 'uncertain'),
      L.intent('c', 'h1'),
      L.uploaded('c', 'h1', 3),
    ]);
    expect(state.keys.get('a')).toMatchObject({ status: 'uncertain', uncertainSince: { runId: 'r1', at: '2026-11-23T07:00:00.000Z' } });
    // A killed run's open intent: the run that wrote the intent, not the one that found it open.
    expect(state.keys.get('b')).toMatchObject({ status: 'uncertain', reason: 'no outcome', uncertainSince: { runId: 'r1' } });
    expect(state.keys.get('c')?.uncertainSince).toBeUndefined();
    const resent = foldReport([
      L.run('r1'),
      L.intent('a', 'h1'),
      L.uncertain('a', 'h1'),
      L.run('r2'),
      L.intent('a', 'h1'),
      L.uploaded('a', 'h1', 4),
    ]);
    expect(resent.keys.get('a')).toMatchObject({ status: 'uploaded', uncertainHash: undefined, uncertainSince: undefined });
  });

  test('a change reported earlier and then undone is uploaded again, not outstanding', () => {
    const state = foldReport([
      L.run('r1'),
      L.intent('a', 'h1'),
      L.uploaded('a', 'h1', 7),
      L.run('r2'),
      L.changed('a', 'h2', 'h1', 7),
      L.run('r3'),
      L.skipped('a', 'h1', 'uploaded'),
    ]);
    expect(state.keys.get('a')).toMatchObject({ status: 'uploaded', hash: 'h1', uploaded: { id: 7, hash: 'h1' }, sourceValues: undefined });
  });

  test('each summary line belongs to the run line before it; a killed run has none', () => {
    const summary = (rows: number) =>
      ({
        type: 'summary',
        at: 'x',
        counts: { uploaded: rows, invalid: 0, failed: 0, uncertain: 0, skipped: 0, changed: 0 },
        rows,
        durationMs: 5,
        interrupted: false,
      }) as const;
    const state = foldReport([
      L.run('r1'),
      L.intent('a', 'h'),
      L.run('r2'),
      L.intent('a', 'h'),
      L.uploaded('a', 'h', 1),
      summary(1),
      L.run('r3'),
      summary(0),
    ]);
    expect(state.runSummaries).toEqual([undefined, summary(1), summary(0)]);
    expect(state.summaries).toHaveLength(2);
  });
});
