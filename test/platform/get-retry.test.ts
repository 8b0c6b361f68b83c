import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createPlatformClient } from '../../src/platform/platform-client.js';
import type { RequestPacer } from '../../src/platform/retry-get.js';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import { DEFAULT_SETTINGS } from '../../src/config/settings.js';
import { runIngest } from '../../src/pipeline/run-ingest.js';
import { uploadStageOptions } from '../../src/pipeline/stage-options.js';
import { loadReportState } from '../../src/report/load-report-state.js';
import { MAPPING, sampleCsv, tempDir } from '../e2e/ingest-harness.js';

/** A fixed clock on a whole second, so an HTTP date (whole seconds) is exactly the delay it names. */
const NOW = Date.UTC(2026, 0, 5, 9, 30, 0);

describe('a GET follows the same retry rules as the upload queue', () => {
  test('a template GET answered 429 with an HTTP-date Retry-After waits that long, then succeeds', async () => {
    const sandbox = await startSandbox({ busyFirst: 1, faultsOn: 'all', retryAfterSeconds: 7, retryAfterDate: true, now: () => NOW });
    try {
      const sleeps: number[] = [];
      const client = createPlatformClient({
        baseUrl: sandbox.url,
        token: sandbox.token,
        clock: () => NOW,
        random: () => 0,
        sleep: async (ms) => void sleeps.push(ms),
      });
      const template = await client.getTemplate(101);
      expect(template.id).toBe(101);
      expect(sleeps).toEqual([7000]);
      expect(sandbox.stats().byStatus).toEqual({ 429: 1, 200: 1 });
    } finally {
      await sandbox.close();
    }
  });

  test('through a pacer, the busy answer pauses it before the attempt gives up its slot', async () => {
    const sandbox = await startSandbox({ busyFirst: 1, faultsOn: 'all', retryAfterSeconds: 4, retryAfterDate: true, now: () => NOW });
    try {
      const events: string[] = [];
      const pacer: RequestPacer = {
        run: async (task) => {
          events.push('slot');
          try {
            return await task();
          } finally {
            events.push('slot released');
          }
        },
        pauseFor: (ms) => void events.push(`pause ${ms}`),
      };
      const client = createPlatformClient({
        baseUrl: sandbox.url,
        token: sandbox.token,
        clock: () => NOW,
        random: () => 0,
        sleep: async (ms) => void events.push(`sleep ${ms}`),
      });
      await client.getTemplate(101, { pacer });
      expect(events).toEqual(['slot', 'pause 4000', 'slot released', 'sleep 4000', 'slot', 'slot released']);
    } finally {
      await sandbox.close();
    }
  });

  test('a GET answered 500 is asked again (a POST so answered is uncertain and is not)', async () => {
    let requests = 0;
    const server: Server = createServer((req, res) => {
      requests += 1;
      res.writeHead(requests === 1 ? 500 : 200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          requests === 1 ? { code: 500, msg: 'Internal server error' } : { code: 0, data: [{ id: 1, name: 'metals', children: [] }] },
        ),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const client = createPlatformClient({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        token: 'tok-123456',
        random: () => 0,
        sleep: async () => {},
      });
      expect(await client.categoryTree()).toEqual([{ id: 1, name: 'metals', children: [] }]);
      expect(requests).toBe(2);
    } finally {
      server.close();
    }
  });

  test('ingest: the start-up GET templates/<tid> is retried and pauses the upload queue, then every row uploads', async () => {
    const dir = await tempDir();
    const sandbox = await startSandbox({ busyFirst: 2, faultsOn: 'all', retryAfterSeconds: 3, retryAfterDate: true, now: () => NOW });
    try {
      const clientSleeps: number[] = [];
      const queueSleeps: number[] = [];
      const client = createPlatformClient({
        baseUrl: sandbox.url,
        token: sandbox.token,
        clock: () => NOW,
        random: () => 0,
        sleep: async (ms) => void clientSleeps.push(ms),
      });
      const reportFile = path.join(dir, 'retry.report.jsonl');
      const result = await runIngest(
        {
          mappingFile: MAPPING,
          inputs: [await sampleCsv(dir, 5)],
          reportFile,
          methodsWidth: 3,
          username: 'tester',
          stages: uploadStageOptions({ ...DEFAULT_SETTINGS, concurrency: 2, rate: 0, maxRetries: 2, timeoutMs: 10_000 }),
          maxErrors: undefined,
          runSettings: {},
          version: 'test',
        },
        {
          template: { client },
          submit: (record, opts) => client.submitRecord(record, opts),
          clock: () => NOW,
          sleep: async (ms) => void queueSleeps.push(ms),
        },
      );
      expect(result.summary).toMatchObject({ interrupted: false, stoppedBy: undefined, notUploaded: 0 });
      expect(clientSleeps).toEqual([3000, 3000]);
      // The queue was paused for each Retry-After (its timer asks the injected sleep).
      expect(queueSleeps.filter((ms) => ms === 3000)).toHaveLength(2);
      expect(sandbox.records()).toHaveLength(5);
      const { state } = await loadReportState(reportFile, { whole: true });
      expect([...state.keys.values()].map((e) => e.status)).toEqual(Array(5).fill('uploaded'));
    } finally {
      await sandbox.close();
    }
  });
});
