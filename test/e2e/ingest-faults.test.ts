import path from 'node:path';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import { audit, envFor, ingestArgs, runCli, SAMPLE, sampleCsv, tempDir } from './ingest-harness.js';

describe('ingest against an unreliable platform (built CLI, sandbox over HTTP)', () => {
  test('10% 502/503, 5% 429, 2% resets: every row stored exactly once except the uncertain ones', async () => {
    const dir = await tempDir();
    const storeFile = path.join(dir, 'store.jsonl');
    const sandbox = await startSandbox({ storeFile, failRate: 0.1, busyRate: 0.05, resetRate: 0.02, retryAfterSeconds: 0.05, seed: 7 });
    try {
      const report = path.join(dir, 'run.report.jsonl');
      const result = await runCli(ingestArgs(SAMPLE, report, '--max-retries', '10', '--json'), envFor(sandbox, dir));
      const a = await audit(storeFile, report);
      const stats = sandbox.stats();
      expect(stats.busy).toBeGreaterThan(0);
      expect(stats.resets).toBeGreaterThan(0);
      expect(a.keys.size).toBe(312);
      expect(a.duplicates).toEqual([]);
      expect(a.missing).toEqual([]);
      expect(a.unaccounted).toEqual([]);
      // Only 502s and resets after the body was sent may leave a row uncertain; everything else uploads.
      expect((a.byStatus['uploaded'] ?? 0) + (a.byStatus['uncertain'] ?? 0)).toBe(312);
      expect(a.byStatus['uncertain'] ?? 0).toBeGreaterThan(0);
      expect(a.stored).toBeGreaterThanOrEqual(a.byStatus['uploaded'] ?? 0);
      expect(result.code).toBe(1);
      const summary = JSON.parse(result.stdout) as { counts: Record<string, number>; exitCode: number };
      expect(summary.counts['uploaded']).toBe(a.byStatus['uploaded']);
      expect(summary.exitCode).toBe(1);
    } finally {
      await sandbox.close();
    }
  }, 60_000);

  test('pacing: with --rate R against a sandbox limited to R per second, no 429 and at least 0.9 R achieved', async () => {
    const dir = await tempDir();
    const sandbox = await startSandbox({ maxRps: 20 });
    try {
      const input = await sampleCsv(dir, 60);
      const report = path.join(dir, 'paced.report.jsonl');
      const args = [
        'ingest',
        '--mapping',
        path.resolve('mappings/steel_strength.yaml'),
        '--report',
        report,
        input,
        '--rate',
        '20',
        '--concurrency',
        '8',
      ];
      const result = await runCli(args, envFor(sandbox, dir));
      expect(result.code).toBe(0);
      expect(sandbox.stats().byStatus[429]).toBeUndefined();
      const times = sandbox
        .records()
        .map((r) => Date.parse(r.receivedAt))
        .sort((x, y) => x - y);
      expect(times).toHaveLength(60);
      const seconds = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
      // A steady R per second puts n requests (n - 1) / R seconds apart.
      expect(59 / seconds).toBeGreaterThanOrEqual(0.9 * 20);
    } finally {
      await sandbox.close();
    }
  }, 30_000);
});
