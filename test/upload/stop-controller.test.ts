import { MgeError } from '../../src/errors/mge-error.js';
import { createStopController } from '../../src/upload/stop-controller.js';
import { deferred, tick } from './upload-fixtures.js';

/** A sleep that only resolves when the test says so (or its signal aborts), recording what it was asked. */
function manualSleep() {
  const asked: number[] = [];
  let wake: (() => void) | undefined;
  const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise((resolve) => {
      asked.push(ms);
      wake = resolve;
      signal?.addEventListener('abort', () => resolve(), { once: true });
    });
  return { sleep, asked, elapse: () => wake?.() };
}

describe('the stop/drain controller', () => {
  test('the first reason wins, and any stops taking rows without canceling what is in flight', () => {
    const control = createStopController({ signal: undefined, abortSignal: undefined, drainTimeoutMs: 1000, sleep: manualSleep().sleep });
    expect([control.stopped.aborted, control.reason()]).toEqual([false, undefined]);
    control.halt({ type: 'limit', stop: { code: 'MAX_CHANGES_REACHED', limit: 3 } });
    control.halt({ type: 'fatal', error: new MgeError('fatal', 'TOKEN_REJECTED', 'rejected') });
    expect([control.stopped.aborted, control.inflight.aborted, control.reason()]).toEqual([
      true,
      false,
      { type: 'limit', stop: { code: 'MAX_CHANGES_REACHED', limit: 3 } },
    ]);
  });

  test('a first signal stops taking rows; a second (the hard signal) cancels the requests in flight', () => {
    const soft = new AbortController();
    const hard = new AbortController();
    const control = createStopController({
      signal: soft.signal,
      abortSignal: hard.signal,
      drainTimeoutMs: 1000,
      sleep: manualSleep().sleep,
    });
    soft.abort();
    expect([control.stopped.aborted, control.inflight.aborted, control.reason()]).toEqual([true, false, { type: 'signal' }]);
    hard.abort();
    expect(control.inflight.aborted).toBe(true);
    control.dispose();
  });

  test('a signal aborted before the run began stops it at once', () => {
    const soft = new AbortController();
    soft.abort();
    const control = createStopController({ signal: soft.signal, abortSignal: undefined, drainTimeoutMs: 1000, sleep: manualSleep().sleep });
    expect(control.reason()).toEqual({ type: 'signal' });
  });

  test('after a stop, the drain waits for the rows in flight, and cancels their requests once the drain deadline passes', async () => {
    const time = manualSleep();
    const control = createStopController({ signal: undefined, abortSignal: undefined, drainTimeoutMs: 1500, sleep: time.sleep });
    const request = deferred<void>();
    control.inflight.addEventListener('abort', () => request.resolve());
    control.halt({ type: 'signal' });
    const drained = control.drain([request.promise]);
    await tick();
    expect([time.asked, control.inflight.aborted]).toEqual([[1500], false]);
    time.elapse();
    await drained;
    expect(control.inflight.aborted).toBe(true);
  });

  test('rows that finish in time are not canceled; without a stop there is no deadline at all', async () => {
    const time = manualSleep();
    const control = createStopController({ signal: undefined, abortSignal: undefined, drainTimeoutMs: 1500, sleep: time.sleep });
    await control.drain([Promise.resolve()]);
    expect(time.asked).toEqual([]);
    control.halt({ type: 'signal' });
    await control.drain([Promise.resolve()]);
    time.elapse();
    await tick();
    expect([time.asked, control.inflight.aborted]).toEqual([[1500], false]);
  });
});
