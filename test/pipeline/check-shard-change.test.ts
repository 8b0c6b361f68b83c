import { checkShardChange } from '../../src/pipeline/check-shard-change.js';
import { foldReport } from '../../src/report/fold-report.js';
import type { ReportLine, RunLine } from '../../src/report/report-lines.js';
import { L } from '../report/report-fixtures.js';

/** A run line with these settings. */
const run = (runId: string, settings: Record<string, unknown>): ReportLine => ({
  ...(L.run(runId) as RunLine),
  settings: { rate: 5, ...settings },
});

describe('checkShardChange', () => {
  const shard = { index: 0, count: 2 };

  test("the shard of the report's latest real run goes on; another shard, or none, is SHARD_CHANGED", () => {
    const state = foldReport([run('a', { shard: '0/2' }), L.uploaded('k', 'h', 1)]);
    expect(() => checkShardChange(state, shard, 'r.jsonl')).not.toThrow();
    expect(() => checkShardChange(state, { index: 1, count: 2 }, 'r.jsonl')).toThrow(
      expect.objectContaining({ code: 'SHARD_CHANGED', kind: 'usage' }) as Error,
    );
    expect(() => checkShardChange(state, { index: 0, count: 3 }, 'r.jsonl')).toThrow(/--shard 0\/2.*--shard 0\/3/);
    expect(() => checkShardChange(state, undefined, 'r.jsonl')).toThrow(/no --shard/);
  });

  test('a report without a shard refuses one; a dry run of another shard does not count; a report with no rows takes any', () => {
    const plain = foldReport([run('a', {}), L.uploaded('k', 'h', 1)]);
    expect(() => checkShardChange(plain, shard, 'r.jsonl')).toThrow(expect.objectContaining({ code: 'SHARD_CHANGED' }) as Error);
    const dry = foldReport([run('a', { shard: '0/2' }), L.uploaded('k', 'h', 1), run('b', { shard: '1/2', dryRun: true })]);
    expect(() => checkShardChange(dry, shard, 'r.jsonl')).not.toThrow();
    expect(() => checkShardChange(foldReport([run('a', { shard: '1/4' })]), shard, 'r.jsonl')).not.toThrow();
    expect(() => checkShardChange(undefined, shard, 'r.jsonl')).not.toThrow();
  });
});
