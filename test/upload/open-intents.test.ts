import type { ReportLine, ReportLineInput } from '../../src/report/report-lines.js';
import { createUploadQueue } from '../../src/upload/create-upload-queue.js';
import { uploadRows } from '../../src/upload/upload-rows.js';
import { errors, row, uploadOptions } from './upload-fixtures.js';
import { fromArray } from '../helpers/iterables.js';

/**
 * A report whose writes reach "disk" a few event-loop turns later, in order, as the real writer's
 * batched appends do: what a `kill -9` leaves is any prefix of `lines`.
 */
function slowReport() {
  const lines: ReportLine[] = [];
  let chain = Promise.resolve();
  return {
    lines,
    write(line: ReportLineInput): Promise<void> {
      chain = chain.then(async () => {
        for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
        lines.push({ ...line, at: new Date(0).toISOString() });
      });
      return chain;
    },
  };
}

/** The most intents without an outcome at any prefix of the report. */
function mostOpenIntents(lines: readonly ReportLine[]): number {
  const open = new Set<string>();
  let most = 0;
  for (const line of lines) {
    if (!('key' in line)) continue;
    if (line.type === 'intent') open.add(line.key);
    else open.delete(line.key);
    most = Math.max(most, open.size);
  }
  return most;
}

describe('open intents in the report', () => {
  test('never exceed the requests in flight, so a killed run leaves at most that many rows uncertain', async () => {
    const report = slowReport();
    const queue = createUploadQueue({ concurrency: 2, ratePerSecond: 0, clock: () => 0, sleep: async () => undefined });
    let n = 0;
    const send = async (): Promise<number> => {
      n += 1;
      await new Promise((resolve) => setImmediate(resolve));
      if (n % 5 === 0) throw errors.rejected422();
      if (n % 7 === 0) throw errors.status500();
      return n;
    };
    const keys = Array.from({ length: 40 }, (_v, i) => `r${i}`);
    const { summary } = await uploadRows(
      fromArray(keys.map((k) => row(k))),
      { send, queue, report, clock: () => 0, sleep: async () => undefined, random: () => 0 },
      uploadOptions(),
    );
    expect(summary.rows).toBe(40);
    expect(mostOpenIntents(report.lines)).toBeLessThanOrEqual(2);
  });
});
