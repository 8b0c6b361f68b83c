import { createUploadQueue } from '../../src/upload/create-upload-queue.js';

function manualTime() {
  let now = 1_000_000;
  const waits: { ms: number; resolve: () => void }[] = [];
  return {
    clock: () => now,
    sleep: (ms: number, signal?: AbortSignal) =>
      new Promise<void>((resolve) => {
        waits.push({ ms, resolve });
        signal?.addEventListener('abort', () => resolve(), { once: true });
      }),
    advance(ms: number) {
      now += ms;
    },
    waits,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createUploadQueue', () => {
  test('never starts more than R tasks in any rolling second (strict window, real time, high rate)', async () => {
    const rate = 25;
    const queue = createUploadQueue({ concurrency: 50, ratePerSecond: rate });
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: rate * 2 + 5 }, () =>
        queue.run(async () => {
          starts.push(performance.now());
        }),
      ),
    );
    queue.close();
    expect(starts).toHaveLength(rate * 2 + 5);
    for (const start of starts) {
      const inWindow = starts.filter((t) => t >= start && t < start + 1000).length;
      expect(inWindow).toBeLessThanOrEqual(rate);
    }
  });

  test('holds concurrency', async () => {
    const queue = createUploadQueue({ concurrency: 3, ratePerSecond: 0 });
    let running = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 12 }, () =>
        queue.run(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await tick();
          running -= 1;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(queue.concurrency).toBe(3);
  });

  test('pauseFor holds every task until the pause ends, and reports what is left', async () => {
    const time = manualTime();
    const queue = createUploadQueue({ concurrency: 2, ratePerSecond: 0, clock: time.clock, sleep: time.sleep });
    queue.pauseFor(5000);
    expect(queue.pauseRemaining()).toBe(5000);
    let ran = 0;
    const done = Promise.all([1, 2, 3].map(() => queue.run(async () => (ran += 1))));
    await tick();
    expect(ran).toBe(0);
    expect(queue.size).toBe(3);
    time.advance(2000);
    expect(queue.pauseRemaining()).toBe(3000);
    expect(time.waits.map((w) => w.ms)).toEqual([5000]);
    time.advance(3000);
    time.waits[0]!.resolve();
    await done;
    expect(ran).toBe(3);
    expect(queue.pauseRemaining()).toBe(0);
  });

  test('a shorter pause does not cut a longer one; a longer one extends it', async () => {
    const time = manualTime();
    const queue = createUploadQueue({ concurrency: 1, ratePerSecond: 0, clock: time.clock, sleep: time.sleep });
    queue.pauseFor(5000);
    queue.pauseFor(1000);
    expect(queue.pauseRemaining()).toBe(5000);
    queue.pauseFor(8000);
    expect(queue.pauseRemaining()).toBe(8000);
    let ran = false;
    const task = queue.run(async () => {
      ran = true;
    });
    time.advance(5000);
    time.waits[0]!.resolve();
    await tick();
    expect(ran).toBe(false);
    time.advance(3000);
    time.waits[1]!.resolve();
    await task;
    expect(ran).toBe(true);
  });

  test('a task whose signal aborts while waiting never runs and rejects', async () => {
    const time = manualTime();
    const queue = createUploadQueue({ concurrency: 1, ratePerSecond: 0, clock: time.clock, sleep: time.sleep });
    queue.pauseFor(1000);
    const controller = new AbortController();
    let ran = false;
    const task = queue.run(async () => {
      ran = true;
    }, controller.signal);
    controller.abort();
    await expect(task).rejects.toBeDefined();
    queue.close();
    expect(ran).toBe(false);
  });
});

test('many tasks waiting on one signal all reject on its abort, none runs, and none counts as waiting', async () => {
  const time = manualTime();
  const queue = createUploadQueue({ concurrency: 1, ratePerSecond: 0, clock: time.clock, sleep: time.sleep });
  queue.pauseFor(1000);
  const controller = new AbortController();
  let ran = 0;
  const tasks = Array.from({ length: 50 }, () => queue.run(async () => (ran += 1), controller.signal));
  const other = queue.run(async () => 'no signal');
  expect(queue.size).toBe(51);
  controller.abort(new Error('stopped'));
  const settled = await Promise.allSettled(tasks);
  expect(settled.every((s) => s.status === 'rejected' && (s.reason as Error).message === 'stopped')).toBe(true);
  expect(queue.size).toBe(1);
  queue.close();
  await expect(other).resolves.toBe('no signal');
  expect(queue.size).toBe(0);
  expect(ran).toBe(0);
});

test('a task that throws before returning its promise rejects its own run', async () => {
  const queue = createUploadQueue({ concurrency: 1, ratePerSecond: 0 });
  const boom = (): Promise<void> => {
    throw new Error('sync');
  };
  await expect(queue.run(boom, new AbortController().signal)).rejects.toThrow('sync');
  await expect(queue.run(async () => 1, new AbortController().signal)).resolves.toBe(1);
});

test('a task already running finishes with its own result when the signal aborts', async () => {
  const queue = createUploadQueue({ concurrency: 1, ratePerSecond: 0 });
  const controller = new AbortController();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const task = queue.run(async () => {
    await gate;
    return 42;
  }, controller.signal);
  await new Promise((resolve) => setImmediate(resolve));
  controller.abort();
  release();
  await expect(task).resolves.toBe(42);
});
