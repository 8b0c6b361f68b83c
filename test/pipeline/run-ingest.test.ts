import path from 'node:path';
import { createPlatformClient } from '../../src/platform/platform-client.js';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import { DEFAULT_SETTINGS } from '../../src/config/settings.js';
import { runIngest, type RunIngestOptions } from '../../src/pipeline/run-ingest.js';
import { uploadStageOptions } from '../../src/pipeline/stage-options.js';
import { loadReportState } from '../../src/report/load-report-state.js';
import type { RowOutcome } from '../../src/upload/upload-types.js';
import { MAPPING, sampleCsv, tempDir } from '../e2e/ingest-harness.js';

function options(input: string, reportFile: string): RunIngestOptions {
  return {
    mappingFile: MAPPING,
    inputs: [input],
    reportFile,
    methodsWidth: 3,
    username: 'tester',
    stages: uploadStageOptions({ ...DEFAULT_SETTINGS, concurrency: 4, rate: 0, maxRetries: 2, timeoutMs: 10_000 }),
    maxErrors: undefined,
    runSettings: { concurrency: 4 },
    version: 'test',
  };
}

describe('runIngest (in-process, sandbox over HTTP)', () => {
  test('a hard stop cancels the requests in flight: their rows end uncertain, no intent is left open', async () => {
    const dir = await tempDir();
    const sandbox = await startSandbox({ latencyMs: 300 });
    try {
      const client = createPlatformClient({ baseUrl: sandbox.url, token: sandbox.token });
      const input = await sampleCsv(dir, 40);
      const reportFile = path.join(dir, 'hard.report.jsonl');
      const stop = new AbortController();
      const hard = new AbortController();
      const seen: RowOutcome[] = [];
      const result = await runIngest(options(input, reportFile), {
        template: { client },
        submit: (record, opts) => client.submitRecord(record, opts),
        signal: stop.signal,
        abortSignal: hard.signal,
        onOutcome: (o) => {
          seen.push(o);
          if (seen.length !== 4) return;
          // Once the first four are back, wait until the platform holds at least two more POSTs (its
          // request count less the template GET and the answered ones), then stop, then stop hard.
          const poll = setInterval(() => {
            if (sandbox.stats().requests - 1 - seen.length < 2) return;
            clearInterval(poll);
            stop.abort();
            hard.abort();
          }, 5);
        },
      });
      expect(result.summary.interrupted).toBe(true);
      const { state } = await loadReportState(reportFile, { whole: true });
      const statuses = [...state.keys.values()].map((e) => [e.status, e.failure?.code]);
      expect(statuses.filter(([s]) => s === 'uploaded').length).toBeGreaterThanOrEqual(4);
      expect(statuses.filter(([, code]) => code === 'NO_OUTCOME')).toEqual([]);
      const uncertain = statuses.filter(([s]) => s === 'uncertain');
      expect(uncertain.length).toBeGreaterThan(0);
      expect(uncertain.length).toBeLessThanOrEqual(4);
      expect(uncertain.every(([, code]) => code === 'ABORTED')).toBe(true);
      expect(state.summaries.at(-1)?.interrupted).toBe(true);
    } finally {
      await sandbox.close();
    }
  }, 30_000);

  test('a mapping problem throws before the report is touched', async () => {
    const dir = await tempDir();
    const reportFile = path.join(dir, 'never.report.jsonl');
    await expect(
      runIngest(
        { ...options(path.join(dir, 'missing.csv'), reportFile), dryRun: true },
        { template: { templateFile: path.join(dir, 'nope.json') } },
      ),
    ).rejects.toMatchObject({ kind: 'template' });
    const { exists } = await loadReportState(reportFile, { whole: true });
    expect(exists).toBe(false);
  });
});
