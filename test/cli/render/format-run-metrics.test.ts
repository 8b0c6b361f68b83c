import { formatRunMetrics, lastSuccessIn } from '../../../src/cli/render/format-run-metrics.js';

const counts = { uploaded: 3, skipped: 2, changed: 0, invalid: 1, failed: 0, uncertain: 0 };

describe('formatRunMetrics', () => {
  test('label values are escaped as the text format wants (backslash, quote, line feed)', () => {
    const text = formatRunMetrics({
      labels: { report: 'C:\\r "x"\nnext' },
      counts,
      otherShards: 0,
      durationMs: 1500,
      endedAt: 1_700_000_000_999,
      lastSuccessAt: undefined,
      exitCode: 1,
    });
    expect(text).toContain('mge_ingest_rows{report="C:\\\\r \\"x\\"\\nnext",status="uploaded"} 3\n');
    expect(text).toContain('mge_ingest_duration_seconds{report="C:\\\\r \\"x\\"\\nnext"} 1.500\n');
    expect(text).toContain('mge_ingest_last_run_timestamp_seconds{report="C:\\\\r \\"x\\"\\nnext"} 1700000000\n');
    // No success known yet: the series is left out rather than given a made-up time.
    expect(text).not.toContain('mge_ingest_last_success_timestamp_seconds');
    // The line feed inside the label stays escaped: every line is a comment or a sample of ours.
    expect(
      text
        .trimEnd()
        .split('\n')
        .every((l) => l.startsWith('# ') || l.startsWith('mge_ingest_')),
    ).toBe(true);
  });

  test('the last success time reads back from a file written before', () => {
    const text = formatRunMetrics({
      labels: { report: '/r.jsonl', shard: '1/4' },
      counts,
      otherShards: 7,
      durationMs: 10,
      endedAt: 1_700_000_100_000,
      lastSuccessAt: 1_700_000_000_000,
      exitCode: 3,
    });
    expect(text).toContain('mge_ingest_rows{report="/r.jsonl",shard="1/4",status="other_shard"} 7\n');
    expect(lastSuccessIn(text)).toBe(1_700_000_000_000);
    expect(lastSuccessIn('mge_ingest_exit_code 0\n')).toBeUndefined();
  });
});
