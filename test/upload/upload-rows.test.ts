import { MgeError } from '../../src/errors/mge-error.js';
import { createUploadQueue } from '../../src/upload/create-upload-queue.js';
import { RunStopError } from '../../src/upload/stop-error.js';
import { uploadRows } from '../../src/upload/upload-rows.js';
import type { UploadDeps, UploadResult } from '../../src/upload/upload-types.js';
import { deferred, errors, memoryReport, platformError, row, scriptedSend, tick, titleOf, uploadOptions } from './upload-fixtures.js';
import { fromArray } from '../helpers/iterables.js';

function setup(send: UploadDeps['send'], extra: Partial<UploadDeps> = {}) {
  const report = memoryReport();
  const queue = createUploadQueue({ concurrency: 2, ratePerSecond: 0, clock: () => 0, sleep: async () => undefined });
  const pauses: number[] = [];
  const pauseFor = queue.pauseFor.bind(queue);
  const sleeps: number[] = [];
  const deps: UploadDeps = {
    send,
    queue: {
      ...queue,
      concurrency: queue.concurrency,
      pauseFor: (ms) => (pauses.push(ms), pauseFor(ms)),
      run: queue.run,
      pauseRemaining: queue.pauseRemaining,
      close: queue.close,
      get pending() {
        return queue.pending;
      },
      get size() {
        return queue.size;
      },
    },
    report,
    clock: () => 0,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...extra,
  };
  return { deps, report, pauses, sleeps };
}

/** The error that stopped a run: uploadRows resolves with it (the pipeline decides what it means). */
async function stoppedBy(run: Promise<UploadResult>): Promise<{ error: RunStopError; result: UploadResult }> {
  const result = await run;
  if (result.failure?.type !== 'fatal' || !(result.failure.error instanceof RunStopError))
    throw new Error(`expected a fatal stop, got ${JSON.stringify(result.failure)}`);
  return { error: result.failure.error, result };
}

describe('uploadRows', () => {
  test('uploads valid rows with an intent before each POST and reports invalid rows without sending', async () => {
    const { send, calls } = scriptedSend({ a: [11], c: [13] });
    const { deps, report } = setup(send);
    const { summary, failure } = await uploadRows(fromArray([row('a'), row('b', { invalid: true }), row('c')]), deps, uploadOptions());
    expect(calls.sort()).toEqual(['a', 'c']);
    expect(report.of('a')).toEqual(['intent', 'uploaded']);
    expect(report.of('b')).toEqual(['invalid']);
    expect(report.lines.find((l) => l.type === 'uploaded' && l.key === 'c')).toMatchObject({
      id: 13,
      attempts: 1,
      hash: 'h-c',
      location: { file: 'data.csv', row: 2 },
    });
    expect(report.lines.find((l) => l.type === 'invalid')).toMatchObject({
      problems: [{ code: 'VALUE_NOT_A_NUMBER' }],
      sourceValues: { 温度: 'abc' },
    });
    expect(summary).toMatchObject({
      rows: 3,
      interrupted: false,
      stoppedBy: undefined,
      notUploaded: 1,
      counts: { uploaded: 2, invalid: 1 },
    });
    expect([failure, report.lines.filter((l) => l.type === 'summary')]).toEqual([undefined, []]);
  });

  test('the intent line is written before the request is sent', async () => {
    let id = 5;
    const { deps, report } = setup(async (body: string) => {
      const mine = report.lines.filter((l) => 'key' in l && l.key === titleOf(body));
      expect(mine.at(-1)?.type).toBe('intent');
      return id++;
    });
    const { summary } = await uploadRows(fromArray([row('a'), row('b'), row('c')]), deps, uploadOptions());
    expect(summary.counts.uploaded).toBe(3);
  });

  test('a 422 is failed with the platform code and detail, and not retried', async () => {
    const { send, calls } = scriptedSend({ a: [errors.rejected422] });
    const { deps, report } = setup(send);
    await uploadRows(fromArray([row('a')]), deps, uploadOptions());
    expect(calls).toEqual(['a']);
    expect(report.lines.find((l) => l.type === 'failed')).toMatchObject({
      code: 'PLATFORM_ERROR',
      status: 422,
      platformCode: 2102,
      detail: 'field "x" is missing',
      retryable: false,
      attempts: 1,
      sourceValues: { 牌号: 'a' },
    });
  });

  test.each([
    ['500', errors.status500, 'status 500'],
    ['reset after sending', errors.reset, 'reset'],
  ])('%s is uncertain and not re-sent', async (_name, error, reason) => {
    const { send, calls } = scriptedSend({ a: [error] });
    const { deps, report } = setup(send);
    await uploadRows(fromArray([row('a')]), deps, uploadOptions());
    expect(calls).toEqual(['a']);
    expect(report.of('a')).toEqual(['intent', 'uncertain']);
    expect(report.lines.find((l) => l.type === 'uncertain')).toMatchObject({ reason, attempts: 1 });
  });

  test.each([
    ['500', errors.status500, 'status 500'],
    ['502', () => platformError('PLATFORM_ERROR', { requestSent: true, status: 502 }), 'status 502'],
    ['reset after sending', errors.reset, 'reset'],
  ])('with retryUncertain, a %s in this run is still uncertain and never re-sent', async (_name, error, reason) => {
    const { send, calls } = scriptedSend({ a: [error, 21] });
    const { deps, report } = setup(send);
    const { summary } = await uploadRows(fromArray([row('a')]), deps, uploadOptions({ retryUncertain: true, maxRetries: 5 }));
    expect(calls).toEqual(['a']);
    expect(report.of('a')).toEqual(['intent', 'uncertain']);
    expect(report.lines.find((l) => l.type === 'uncertain')).toMatchObject({ reason, attempts: 1 });
    expect(report.lines.find((l) => l.type === 'uncertain')).not.toHaveProperty('resendOf');
    expect(summary.toCheck).toEqual({ invalid: 0, failed: 0, uncertain: 1, changed: 0 });
  });

  test('a 503 is retried, and a 500 on the retry ends the row uncertain there', async () => {
    const { send, calls } = scriptedSend({ a: [errors.busy503, errors.status500, 7] });
    const { deps, report } = setup(send);
    await uploadRows(fromArray([row('a')]), deps, uploadOptions({ retryUncertain: true }));
    expect(calls).toEqual(['a', 'a']);
    expect(report.of('a')).toEqual(['intent', 'retrying', 'intent', 'uncertain']);
    expect(report.lines.find((l) => l.type === 'uncertain')).toMatchObject({ reason: 'status 500', attempts: 2 });
  });

  test.each([
    ['429', errors.busy429],
    ['503', errors.busy503],
    ['refused', errors.refused],
  ])('%s is retried with backoff, then uploaded', async (_name, error) => {
    const { send, calls } = scriptedSend({ a: [error, error, 7] });
    const { deps, report, sleeps } = setup(send);
    await uploadRows(fromArray([row('a')]), deps, uploadOptions({ backoff: { baseMs: 100, capMs: 1000 } }));
    expect(calls).toEqual(['a', 'a', 'a']);
    expect(report.of('a')).toEqual(['intent', 'retrying', 'intent', 'retrying', 'intent', 'uploaded']);
    expect(report.lines.find((l) => l.type === 'uploaded')).toMatchObject({ id: 7, attempts: 3 });
    expect(sleeps.filter((ms) => ms === 50 || ms === 100 || ms >= 2000).length).toBeGreaterThanOrEqual(2);
  });

  test('a 429 with Retry-After pauses the whole queue and waits at least that long', async () => {
    const { send } = scriptedSend({ a: [errors.busy429, 1] });
    const { deps, pauses, sleeps, report } = setup(send);
    await uploadRows(fromArray([row('a')]), deps, uploadOptions());
    expect(pauses).toEqual([2000]);
    expect(sleeps).toContain(2000);
    expect(report.lines.find((l) => l.type === 'retrying')).toMatchObject({ code: 'PLATFORM_BUSY', status: 429, delayMs: 2000 });
  });

  test('retries run out: failed and retryable, for the next run to retry', async () => {
    const { send, calls } = scriptedSend({ a: [errors.busy503, errors.busy503, errors.busy503] });
    const { deps, report } = setup(send);
    await uploadRows(fromArray([row('a')]), deps, uploadOptions({ maxRetries: 2 }));
    expect(calls).toHaveLength(3);
    expect(report.lines.find((l) => l.type === 'failed')).toMatchObject({ code: 'PLATFORM_BUSY', retryable: true, attempts: 3 });
  });

  test('a rejected token stops the run: in-flight rows finish, no new rows start, then TOKEN_REJECTED', async () => {
    const slow = deferred<number>();
    const calls: string[] = [];
    const send = async (body: string) => {
      calls.push(titleOf(body));
      if (titleOf(body) === 'a') return slow.promise;
      throw errors.token403();
    };
    const { deps, report } = setup(send);
    const run = uploadRows(fromArray(['a', 'b', 'c', 'd', 'e'].map((k) => row(k))), deps, uploadOptions());
    await tick();
    await tick();
    slow.resolve(42);
    const { error, result } = await stoppedBy(run);
    expect(error.code).toBe('TOKEN_REJECTED');
    expect(error.kind).toBe('fatal');
    expect(calls).toEqual(['a', 'b']);
    expect(report.of('a')).toEqual(['intent', 'uploaded']);
    expect(report.lines.find((l) => l.type === 'failed')).toMatchObject({ key: 'b', code: 'TOKEN_REJECTED', retryable: true });
    expect(report.of('c')).toEqual([]);
    expect(result.summary).toMatchObject({ rows: 2, interrupted: false, counts: { uploaded: 1, failed: 1 } });
  });

  test('consecutive network failures stop the run as PLATFORM_UNREACHABLE', async () => {
    const calls: string[] = [];
    const send = async (body: string): Promise<number> => {
      calls.push(titleOf(body));
      throw errors.refused();
    };
    const { deps } = setup(send);
    const rows = Array.from({ length: 50 }, (_, i) => row(`r${i}`));
    const { error } = await stoppedBy(uploadRows(fromArray(rows), deps, uploadOptions({ maxRetries: 0, maxUnreachableStreak: 4 })));
    expect(error.code).toBe('PLATFORM_UNREACHABLE');
    expect([error.count, error.lastFailure?.code]).toEqual([4, 'NETWORK_ERROR']);
    expect(calls.length).toBeLessThan(8);
  });

  test('a success resets the unreachable count', async () => {
    const script: Record<string, (number | (() => Error))[]> = {};
    for (let i = 0; i < 12; i += 1) script[`r${i}`] = [i % 3 === 2 ? 1 + i : errors.refused];
    const { send } = scriptedSend(script);
    const { deps } = setup(send);
    const { summary } = await uploadRows(
      fromArray(Object.keys(script).map((k) => row(k))),
      deps,
      uploadOptions({ maxRetries: 0, maxUnreachableStreak: 3, lookahead: 1 }),
    );
    expect(summary.counts).toMatchObject({ uploaded: 4, failed: 8 });
  });

  test('a stop signal drains: in-flight rows finish, untried rows get no line, interrupted is set', async () => {
    const inflight = [deferred<number>(), deferred<number>()];
    let n = 0;
    const send = async () => inflight[n++]!.promise;
    const stop = new AbortController();
    const { deps, report } = setup(send, { signal: stop.signal });
    const run = uploadRows(fromArray(['a', 'b', 'c', 'd'].map((k) => row(k))), deps, uploadOptions());
    await tick();
    await tick();
    expect(n).toBe(2);
    stop.abort();
    inflight[0]!.resolve(1);
    inflight[1]!.resolve(2);
    const { summary } = await run;
    expect(summary).toMatchObject({ interrupted: true, stoppedBy: undefined, rows: 2, counts: { uploaded: 2 } });
    expect(report.of('c')).toEqual([]);
  });

  test('a row waiting to retry when the run stops ends failed and retryable', async () => {
    const stop = new AbortController();
    const { send } = scriptedSend({ a: [errors.busy503, 1] });
    const { deps, report } = setup(send, {
      signal: stop.signal,
      sleep: async () => {
        stop.abort();
      },
    });
    const { summary } = await uploadRows(fromArray([row('a')]), deps, uploadOptions());
    expect(summary.interrupted).toBe(true);
    expect(report.of('a')).toEqual(['intent', 'retrying', 'failed']);
    expect(report.lines.find((l) => l.type === 'failed')).toMatchObject({ retryable: true, code: 'PLATFORM_BUSY' });
  });

  test('a hard abort cancels in-flight requests: their rows end uncertain', async () => {
    const abort = new AbortController();
    const send = (_body: string, signal: AbortSignal) =>
      new Promise<number>((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(errors.reset()), { once: true });
      });
    const { deps, report } = setup(send, { abortSignal: abort.signal });
    const run = uploadRows(fromArray([row('a'), row('b'), row('c')]), deps, uploadOptions());
    await tick();
    abort.abort();
    const { summary } = await run;
    expect(summary.interrupted).toBe(true);
    expect(report.lines.filter((l) => l.type === 'uncertain').map((l) => 'code' in l && l.code)).toEqual(['ABORTED', 'ABORTED']);
    expect(report.of('c')).toEqual([]);
  });

  test('pulls at most lookahead rows ahead of their outcome', async () => {
    const gate = deferred<number>();
    let pulled = 0;
    async function* rows() {
      for (let i = 0; i < 1000; i += 1) {
        pulled += 1;
        yield row(`r${i}`);
      }
    }
    let id = 0;
    const { deps } = setup(async () => (await gate.promise) + id++);
    const run = uploadRows(rows(), deps, uploadOptions({ lookahead: 4 }));
    for (let i = 0; i < 10; i += 1) await tick();
    expect(pulled).toBeLessThanOrEqual(5);
    gate.resolve(1);
    const { summary } = await run;
    expect(summary.counts.uploaded).toBe(1000);
  });

  test('an input error ends the run after the drain: the rows read have their lines, the error is returned', async () => {
    const gone = new Error('disk gone');
    async function* rows() {
      yield row('a');
      throw gone;
    }
    const { send } = scriptedSend({});
    const { deps, report } = setup(send);
    const { summary, failure } = await uploadRows(rows(), deps, uploadOptions());
    expect(report.of('a')).toEqual(['intent', 'uploaded']);
    expect(failure).toEqual({ type: 'input', error: gone });
    expect(summary).toMatchObject({ rows: 1, interrupted: false, counts: { uploaded: 1 } });
  });

  test('under mixed faults every row gets exactly one outcome, after its intents', async () => {
    const faults = [errors.busy429, errors.busy503, errors.refused, errors.reset, errors.status500, errors.rejected422];
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const send = async (): Promise<number> => {
      await tick();
      const r = random();
      if (r < 0.4) throw faults[Math.floor(random() * faults.length)]!();
      return Math.floor(r * 1e6);
    };
    const { deps, report } = setup(send, { random });
    const keys = Array.from({ length: 200 }, (_, i) => `r${i}`);
    const { summary } = await uploadRows(fromArray(keys.map((k) => row(k))), deps, uploadOptions({ maxUnreachableStreak: 1000 }));
    expect(summary.rows).toBe(200);
    for (const key of keys) {
      const types = report.of(key);
      const outcomes = types.filter((t) => t !== 'intent' && t !== 'retrying');
      expect(outcomes).toHaveLength(1);
      expect(types.at(-1)).toBe(outcomes[0]);
      expect(types[0]).toBe('intent');
    }
  });
});

describe('uploadRows: the circuit breaker', () => {
  test('unknown outcomes in a row stop the run as UNCERTAIN_STREAK, instead of leaving the whole input uncertain', async () => {
    const calls: string[] = [];
    const send = async (body: string): Promise<number> => {
      calls.push(titleOf(body));
      throw errors.status500();
    };
    const { deps, report } = setup(send);
    const rows = Array.from({ length: 50 }, (_, i) => row(`r${i}`));
    const { error } = await stoppedBy(uploadRows(fromArray(rows), deps, uploadOptions({ maxUncertainStreak: 3 })));
    expect(error.code).toBe('UNCERTAIN_STREAK');
    expect(error.kind).toBe('fatal');
    expect([error.count, error.lastFailure]).toEqual([
      3,
      { code: 'PLATFORM_ERROR', status: 500, platformCode: 500, detail: 'indexing failed' },
    ]);
    // Concurrency 2: at most one more request was in flight when the third unknown outcome came back.
    expect(calls.length).toBeLessThanOrEqual(4);
    expect(new Set(calls).size).toBe(calls.length);
    expect(report.lines.filter((l) => l.type === 'uncertain')).toHaveLength(calls.length);
  });

  test('any certain answer (stored, rejected, busy) resets the streak', async () => {
    // Two unknown outcomes, then a certain answer, three times over: never three unknown in a row.
    const script: Record<string, (number | (() => Error))[]> = {};
    let n = 0;
    for (const certain of [9, errors.rejected422, errors.busy503])
      for (const step of [errors.status500, errors.status500, certain]) script[`r${n++}`] = [step];
    const { send } = scriptedSend(script);
    const { deps } = setup(send);
    const { summary } = await uploadRows(
      fromArray(Object.keys(script).map((k) => row(k))),
      deps,
      uploadOptions({ maxRetries: 0, maxUncertainStreak: 3, lookahead: 1 }),
    );
    expect(summary.counts).toMatchObject({ uncertain: 6, uploaded: 1, failed: 2 });
  });

  test('requests the run cancels itself (a hard stop) do not count: the run is interrupted, not stopped', async () => {
    const abort = new AbortController();
    const send = (_body: string, signal: AbortSignal) =>
      new Promise<number>((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(errors.reset()), { once: true });
      });
    const { deps } = setup(send, { abortSignal: abort.signal });
    const run = uploadRows(fromArray([row('a'), row('b'), row('c')]), deps, uploadOptions({ maxUncertainStreak: 1 }));
    await tick();
    abort.abort();
    const { summary } = await run;
    expect(summary.interrupted).toBe(true);
    expect(summary.counts.uncertain).toBe(2);
  });
});

describe('uploadRows: an input error part-way', () => {
  const badCell = () =>
    new MgeError('source', 'CSV_PARSE_ERROR', 'a quote is not closed', {
      location: { file: 'data.csv', row: 7, column: 'C' },
      hint: 'Close the quote.',
    });

  test('the rows before it are finished and counted, and the error comes back as an input failure (finishRun decides what it means)', async () => {
    const error = badCell();
    async function* rows() {
      yield row('a');
      yield row('b', { invalid: true });
      throw error;
    }
    const { send } = scriptedSend({});
    const { deps, report } = setup(send);
    const result = await uploadRows(rows(), deps, uploadOptions());
    expect(result.failure).toEqual({ type: 'input', error });
    expect(result.summary).toMatchObject({ rows: 2, interrupted: false, counts: { uploaded: 1, invalid: 1 } });
    expect(report.of('a')).toEqual(['intent', 'uploaded']);
  });
});
