import { appendFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createReportWriter } from '../../src/report/create-report-writer.js';
import { loadReportState } from '../../src/report/load-report-state.js';
import { readReport } from '../../src/report/read-report.js';
import type { OutcomeLine } from '../../src/report/report-lines.js';
import { createUploadQueue } from '../../src/upload/create-upload-queue.js';
import { uploadRows } from '../../src/upload/upload-rows.js';
import type { UploadSummary } from '../../src/upload/upload-types.js';
import { errors, row, titleOf, uploadOptions } from './upload-fixtures.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { fromArray } from '../helpers/iterables.js';

/** One run on a real report file, as `ingest` will do it: repair + fold, append, close. */
/** Ids the fake platform gives, new ones across runs too: a repeated id is not a success. */
let nextId = 100;

async function run(
  file: string,
  rows: ReturnType<typeof row>[],
  script: Record<string, (number | (() => Error))[]>,
  options: Parameters<typeof uploadOptions>[0] = {},
) {
  const { state } = await loadReportState(file, { repair: true, whole: true });
  const report = await createReportWriter(file);
  const sent: string[] = [];
  const send = async (body: string) => {
    sent.push(titleOf(body));
    const step = script[titleOf(body)]?.shift() ?? nextId++;
    if (typeof step === 'function') throw step();
    return step;
  };
  const queue = createUploadQueue({ concurrency: 2, ratePerSecond: 0 });
  const before = (await readReport(file)).lines.length;
  let summary: UploadSummary | undefined;
  let error: unknown;
  try {
    const result = await uploadRows(
      fromArray(rows),
      { send, queue, report, previous: state, sleep: async () => undefined },
      uploadOptions({ maxRetries: 0, ...options }),
    );
    summary = result.summary;
    error = result.failure?.error;
  } finally {
    await report.close();
    queue.close();
  }
  const lines = (await readReport(file)).lines.slice(before);
  const outcome = (key: string) =>
    lines.find((l): l is OutcomeLine => 'key' in l && l.key === key && l.type !== 'intent' && l.type !== 'retrying');
  return { sent: sent.sort(), outcome, summary, error };
}

describe('uploadRows over runs on one report', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir('mge-resume-');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  test('resume skips what is stored, retries what may pass, holds back rejected, uncertain and changed rows until asked', async () => {
    const file = join(dir, 'report.jsonl');
    const first = await run(file, [row('a'), row('b'), row('c'), row('d'), row('e', { invalid: true }), row('h')], {
      a: [1],
      b: [errors.rejected422],
      c: [errors.status500],
      d: [errors.busy503],
      h: [8],
    });
    expect(first.sent).toEqual(['a', 'b', 'c', 'd', 'h']);
    // A run killed mid-request leaves an intent for f, and a torn line after it.
    await appendFile(
      file,
      `${JSON.stringify({ type: 'intent', at: 'x', key: 'f', hash: 'h-f', location: { file: 'data.csv', row: 7 }, attempt: 1 })}\n{"type":"upl`,
    );

    const rows2 = [row('a'), row('b'), row('c'), row('d'), row('e'), row('f'), row('g'), row('h', { hash: 'h-h-edited' })];
    const second = await run(file, rows2, {});
    expect(second.sent).toEqual(['d', 'e', 'g']);
    // A row uploaded before is counted, not written: its line would change nothing the ledger holds.
    expect(second.outcome('a')).toBeUndefined();
    expect(second.summary?.counts.skipped).toBe(4);
    expect(second.outcome('b')).toMatchObject({ type: 'skipped', why: 'failed', code: 'PLATFORM_ERROR' });
    expect(second.outcome('c')).toMatchObject({ type: 'skipped', why: 'uncertain' });
    expect(second.outcome('f')).toMatchObject({ type: 'skipped', why: 'uncertain' });
    expect(second.outcome('h')).toMatchObject({ type: 'changed', oldHash: 'h-h', oldId: 8, hash: 'h-h-edited' });
    expect(second.outcome('d')?.type).toBe('uploaded');
    // Changed, rejected and uncertain rows are all still to check: exit 1, not "all good".
    expect(second.summary?.toCheck).toEqual({ invalid: 0, failed: 1, uncertain: 2, changed: 1 });

    const third = await run(file, rows2, {}, { retryFailed: true, retryUncertain: true, onChange: 'upload' });
    expect(third.sent).toEqual(['b', 'c', 'f', 'h']);
    expect(third.outcome('h')).toMatchObject({ type: 'uploaded', replaces: { id: 8, hash: 'h-h' } });
    // The re-sends of uncertain rows say which earlier attempt they repeat; a retried rejection is no re-send.
    expect(third.outcome('c')).toMatchObject({ type: 'uploaded', resendOf: { reason: 'status 500', at: expect.any(String) } });
    expect(third.outcome('f')).toMatchObject({ type: 'uploaded', resendOf: { reason: 'no outcome', at: 'x' } });
    expect(third.outcome('b')).not.toHaveProperty('resendOf');
    expect(third.outcome('h')).not.toHaveProperty('resendOf');

    const fourth = await run(file, rows2, {});
    expect(fourth.sent).toEqual([]);
    expect(fourth.summary?.counts.skipped).toBe(rows2.length);
    const verbose = await run(file, rows2, {}, { verboseReport: true });
    expect(verbose.outcome('a')).toMatchObject({ type: 'skipped', why: 'uploaded', id: 1 });
    const { state } = await loadReportState(file, { whole: true });
    expect([...state.keys.values()].every((k) => k.status === 'uploaded')).toBe(true);
  });

  test('--max-changes: the changed row past the limit is reported, not sent, and the run stops early (MAX_CHANGES_REACHED), not as an error', async () => {
    const file = join(dir, 'changes.report.jsonl');
    const keys = ['a', 'b', 'c', 'd'];
    await run(
      file,
      keys.map((k) => row(k)),
      {},
    );
    const edited = keys.map((k) => row(k, { hash: `h-${k}-edited` }));

    const capped = await run(file, edited, {}, { onChange: 'upload', maxChanges: 2 });
    expect([capped.error, capped.summary?.stoppedBy, capped.summary?.interrupted]).toEqual([
      undefined,
      { code: 'MAX_CHANGES_REACHED', limit: 2 },
      false,
    ]);
    expect(capped.sent).toEqual(['a', 'b']);
    expect(capped.outcome('c')).toMatchObject({ type: 'changed', oldId: expect.any(Number) });
    expect(capped.outcome('d')).toBeUndefined();

    const raised = await run(file, edited, {}, { onChange: 'upload', maxChanges: 2 });
    // a and b are now uploaded with their new content: only c and d are changes, within the limit.
    expect([raised.error, raised.summary?.stoppedBy]).toEqual([undefined, undefined]);
    expect(raised.sent).toEqual(['c', 'd']);
    expect(raised.summary?.toCheck.changed).toBe(0);
  });
});
