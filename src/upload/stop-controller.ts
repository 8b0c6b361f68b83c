import { setMaxListeners } from 'node:events';
import type { MgeError } from '../errors/mge-error.js';
import type { EarlyStop } from '../report/report-lines.js';
import type { Sleep } from './real-sleep.js';

/** Why a run stopped taking rows before its input ended. The first reason given wins. */
export type StopReason =
  /** SIGINT/SIGTERM (or a hard stop): the run is `interrupted`, resumable. */
  | { readonly type: 'signal' }
  /** A row limit (`--max-changes`): the rows want a person's look. */
  | { readonly type: 'limit'; readonly stop: EarlyStop }
  /** No later row can succeed (token rejected, platform unreachable, the report not writable, a bug). */
  | { readonly type: 'fatal'; readonly error: MgeError }
  /** The input failed part-way (a file unreadable at row N). */
  | { readonly type: 'input'; readonly error: unknown };

/** Options of {@link createStopController}. */
export interface StopControllerOptions {
  /** Graceful stop (first SIGINT/SIGTERM): take no new rows, let in-flight requests finish. */
  readonly signal: AbortSignal | undefined;
  /** Hard stop (second signal): cancel in-flight requests too. */
  readonly abortSignal: AbortSignal | undefined;
  /** After a stop, the longest wait for in-flight requests before they are canceled. */
  readonly drainTimeoutMs: number;
  readonly sleep: Sleep;
}

/** The stop/drain controller of a run (see {@link createStopController}). */
export interface StopController {
  /** Aborted once the run stops taking rows (any reason): no new row, no new attempt. */
  readonly stopped: AbortSignal;
  /** Aborted to cancel the requests in flight (hard stop, drain timeout). */
  readonly inflight: AbortSignal;
  /** Stops the run for `reason`, unless it stopped already (the first reason is kept). */
  halt(reason: StopReason): void;
  /** Why the run stopped, if it did. */
  reason(): StopReason | undefined;
  /**
   * Waits for `tasks` (the rows in flight) to settle. If the run stopped, the requests still in flight
   * are canceled once `drainTimeoutMs` has passed (their rows end `uncertain`).
   */
  drain(tasks: readonly Promise<unknown>[]): Promise<void>;
  /** Stops listening to the signals. */
  dispose(): void;
}

/**
 * Owns how a run stops: the two signals, the first stop reason, and the drain with its deadline. Every
 * waiting row and every request in flight listens on {@link StopController.stopped} and
 * {@link StopController.inflight}.
 */
export function createStopController(options: StopControllerOptions): StopController {
  const stop = new AbortController();
  const inflight = new AbortController();
  // Every waiting row and every request in flight listens on these: legitimately more than 10.
  setMaxListeners(0, stop.signal, inflight.signal);
  let why: StopReason | undefined;
  const halt = (reason: StopReason): void => {
    why ??= reason;
    stop.abort();
  };
  const onStop = (): void => halt({ type: 'signal' });
  const onAbort = (): void => {
    halt({ type: 'signal' });
    inflight.abort();
  };
  options.signal?.addEventListener('abort', onStop, { once: true });
  options.abortSignal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) onStop();
  if (options.abortSignal?.aborted) onAbort();
  return {
    stopped: stop.signal,
    inflight: inflight.signal,
    halt,
    reason: () => why,
    async drain(tasks) {
      if (tasks.length === 0) return;
      const drained = new AbortController();
      if (stop.signal.aborted) {
        void options.sleep(options.drainTimeoutMs, drained.signal).then(() => {
          if (!drained.signal.aborted) inflight.abort();
        });
      }
      try {
        await Promise.all(tasks);
      } finally {
        drained.abort();
      }
    },
    dispose() {
      options.signal?.removeEventListener('abort', onStop);
      options.abortSignal?.removeEventListener('abort', onAbort);
    },
  };
}
