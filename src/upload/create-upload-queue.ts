import PQueue from 'p-queue';
import { realSleep, type Sleep } from './real-sleep.js';
import { WaitingTasks } from './waiting-tasks.js';

/** How the queue paces requests: from the settings (`uploadStageOptions` in src/pipeline). */
export interface UploadQueueOptions {
  /** Requests in flight at once. */
  readonly concurrency: number;
  /**
   * Requests started per second, never more in any rolling second (p-queue's `strict` sliding window).
   * `Infinity` or 0 means unlimited.
   */
  readonly ratePerSecond: number;
  /** Epoch ms. @default Date.now */
  readonly clock?: () => number;
  /** @default realSleep */
  readonly sleep?: Sleep;
}

/** The one queue every POST goes through: concurrency, rate and the platform-wide pause. */
export interface UploadQueue {
  /**
   * Runs `task` when a concurrency slot and a rate slot are free and the queue is not paused.
   * Rejects with the abort reason if `signal` aborts before the task starts (the task then never
   * runs); once started, the task runs to its end whatever the signal does.
   */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Pauses the whole queue for `ms` (a 429/503 `Retry-After`); a longer pause already set wins. */
  pauseFor(ms: number): void;
  /** Ms left of the current pause, 0 when running (for the progress bar). */
  pauseRemaining(): number;
  /** Requests in flight at once, as configured. */
  readonly concurrency: number;
  /** Tasks started and not finished. */
  readonly pending: number;
  /** Tasks waiting for a slot. */
  readonly size: number;
  /** Ends the pause timer so a stopped run does not keep the process alive. */
  close(): void;
}

/** One second plus the margin described in {@link rateWindow}. */
const WINDOW_MS = 1050;

function rateWindow(rate: number): { intervalCap: number; interval: number } | undefined {
  if (!Number.isFinite(rate) || rate <= 0) return undefined;
  // p-queue wants an integer cap: R per 1000 ms for whole rates, otherwise k starts per 1000·k/R ms,
  // which is the same average with no rolling window above R·window.
  // p-queue measures starts with Date.now (whole ms) and timers may fire a little early, while the
  // platform counts arrivals, which a busy client or the network delays by tens of milliseconds: a
  // margin of 5% keeps the rate under R in any second as the platform's clock measures it.
  if (rate < 1) return { intervalCap: 1, interval: Math.ceil(WINDOW_MS / rate) };
  const intervalCap = Math.floor(rate);
  return { intervalCap, interval: Math.ceil((WINDOW_MS * intervalCap) / rate) };
}

/**
 * Creates the shared upload queue. A single p-queue with `strict: true`: its default fixed window lets
 * a burst of twice the cap through at a window edge (docs/toolchain.md#http-and-pacing).
 */
export function createUploadQueue(options: UploadQueueOptions): UploadQueue {
  const clock = options.clock ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const window = rateWindow(options.ratePerSecond);
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const queue = new PQueue({
    concurrency,
    ...(window ? { ...window, strict: true } : {}),
  });
  const closed = new AbortController();
  let pausedUntil = 0;
  const waitingBySignal = new WeakMap<AbortSignal, WaitingTasks>();
  // Canceled tasks p-queue still holds: not counted as waiting.
  let canceledInQueue = 0;

  /** The tasks waiting on `signal`, with the one listener that rejects them all when it aborts. */
  function waitingOn(signal: AbortSignal): WaitingTasks {
    let waiting = waitingBySignal.get(signal);
    if (waiting === undefined) {
      const tasks = new WaitingTasks();
      waiting = tasks;
      waitingBySignal.set(signal, tasks);
      signal.addEventListener(
        'abort',
        () => {
          canceledInQueue += tasks.rejectAll(signal.reason);
        },
        { once: true },
      );
    }
    return waiting;
  }

  function resumeAt(until: number): void {
    void sleep(until - clock(), closed.signal).then(() => {
      if (closed.signal.aborted) return;
      // A later pauseFor moved the end: its own timer resumes.
      if (pausedUntil !== until) return;
      pausedUntil = 0;
      queue.start();
    });
  }

  return {
    run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (!signal) return queue.add<T>(task);
      if (signal.aborted) return Promise.reject(signal.reason);
      // p-queue 9 also rejects a task already running when its signal aborts, which would lose the
      // response of a POST in flight; so the signal is not handed to p-queue. A task still waiting is
      // canceled here instead: rejected at once, and a no-op once p-queue reaches it. One listener per
      // signal serves every waiting task (a listener and an AbortController per task cost measurable CPU
      // on the 10^5-request path).
      return new Promise<T>((resolve, reject) => {
        const waiting = waitingOn(signal);
        const entry = waiting.add(reject);
        void queue.add(() => {
          if (!waiting.remove(entry)) {
            canceledInQueue -= 1;
            return Promise.resolve();
          }
          try {
            return task().then(resolve, reject);
          } catch (error) {
            // A task that throws before returning its promise: its caller hears it, p-queue does not.
            reject(error);
            return Promise.resolve();
          }
        });
      });
    },
    pauseFor(ms: number): void {
      if (ms <= 0 || closed.signal.aborted) return;
      const until = clock() + ms;
      if (until <= pausedUntil) return;
      pausedUntil = until;
      queue.pause();
      resumeAt(until);
    },
    pauseRemaining(): number {
      return pausedUntil === 0 ? 0 : Math.max(0, pausedUntil - clock());
    },
    concurrency,
    get pending() {
      return queue.pending;
    },
    get size() {
      return queue.size - canceledInQueue;
    },
    close(): void {
      closed.abort();
      pausedUntil = 0;
      queue.start();
    },
  };
}
