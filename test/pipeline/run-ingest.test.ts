import path from 'node:path';
import { createPlatformClient } from '../../src/platform/platform-client.js';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import { runIngest, type RunIngestOptions } from '../../src/pipeline/run-ingest.js';
import { loadReportState } from '../../src/report/load-report-state.js';
import { MAPPING, sampleCsv, tempDir } from '../e2e/ingest-harness.js';

function options(input: string, reportFile: string): RunIngestOptions {
  return {
    mappingFile: MAPPING,
    inputs: [input],
    reportFile,
    methodsWidth: 3,
    username: 'tester',
    concurrency: 4,
    rate: 0,
    maxRetries: 2,
    drainTimeoutMs: 10_000,
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
      let sent = 0;
      const result = await runIngest(options(input, reportFile), {
        template: { client },
        submit: (record, opts) => {
          // The fifth POST starts once the first four are back (300 ms each); 50 ms later it is surely
          // on the wire, 250 ms from its answer: stop, then stop hard. Stopping on the fourth outcome
          // raced the next requests' start on a busy machine.
          sent += 1;
          if (sent === 5) {
            setTimeout(() => {
              stop.abort();
              hard.abort();
            }, 50);
          }
          return client.submitRecord(record, opts);
        },
        signal: stop.signal,
        abortSignal: hard.signal,
      });
      expect(result.exitCode).toBe(130);
      expect(result.summary.interrupted).toBe(true);
      const { state } = await loadReportState(reportFile);
      const statuses = [...state.keys.values()].map((e) => [e.status, e.failure?.code]);
      expect(statuses.filter(([s]) => s === 'uploaded')).toHaveLength(4);
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
    await expect(runIngest({ ...options(path.join(dir, 'missing.csv'), reportFile), dryRun: true }, { template: { templateFile: path.join(dir, 'nope.json') } })).rejects.toMatchObject({ kind: 'template' });
    const { exists } = await loadReportState(reportFile);
    expect(exists).toBe(false);
  });
});
