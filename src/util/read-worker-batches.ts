import { Worker } from 'node:worker_threads';
import { MgeError } from '../errors/mge-error.js';
import { createWakeUp } from './create-wake-up.js';
import { fromWireError, type BatchMessage, type ReviveError } from './worker-wire.js';

/** The reading side of a batch worker (see {@link serveWorkerBatches}). */
export interface WorkerBatches<B> {
  /** The worker's batches in order; ends quietly after `close()`. */
  readonly batches: AsyncGenerator<B>;
  /** Stops the worker; safe to call twice. */
  readonly close: () => Promise<void>;
  /** The worker's progress as of the batch handed out last (`initialProgress` before any). */
  readonly progress: () => number;
}

/**
 * Starts worker `url` with `workerData` and reads the batches it serves; each batch taken returns a
 * credit, so memory is bounded. `revive` rebuilds the error subclasses it may throw (`WireError.facts`).
 */
export function readWorkerBatches<B>(
  url: URL,
  workerData: unknown,
  thread: string,
  initialProgress: number,
  revive?: ReviveError,
): WorkerBatches<B> {
  // No flags of the launching process: they are meant for its entry (`--input-type`, `--eval` break a
  // worker that is a module file). Its garbage is short-lived batches: with V8's default young
  // generation (up to 48 MB, sized up as the run goes on) a 200k-row ingest peaked 30 MB above a
  // 20k-row one; capped at 8 MB the two peak within 5 % of each other.
  const worker = new Worker(url, { workerData, execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: 8 } });
  worker.unref();
  const inbox: BatchMessage<B>[] = [];
  let crashed: unknown;
  let exited = false;
  const { wait, wake } = createWakeUp();
  let progress = initialProgress;
  worker.on('message', (message: BatchMessage<B>) => {
    inbox.push(message);
    wake();
  });
  worker.on('error', (error) => {
    crashed ??= error;
    wake();
  });
  worker.on('exit', () => {
    exited = true;
    wake();
  });
  let closing = false;
  const close = async (): Promise<void> => {
    closing = true;
    if (!exited) await worker.terminate();
  };
  async function* batches(): AsyncGenerator<B> {
    try {
      for (;;) {
        const message = inbox.shift();
        if (message === undefined) {
          if (crashed !== undefined)
            throw new MgeError('internal', 'INTERNAL_ERROR', `${thread} failed: ${(crashed as Error).message}`, { cause: crashed });
          // Stopped by close() (the consumer is done): an end, not a failure.
          if (exited && closing) return;
          if (exited) throw new MgeError('internal', 'INTERNAL_ERROR', `${thread} stopped before the end of the file`);
          // Referenced only while this thread waits for it: a reader abandoned without close() must
          // not keep the process alive (the worker would wait for credits for ever).
          worker.ref();
          await wait();
          worker.unref();
          continue;
        }
        if (message.type === 'end') return;
        if (message.type === 'error') throw fromWireError(message.error, revive);
        worker.postMessage('more');
        progress = message.progress;
        yield message.batch;
      }
    } finally {
      await close();
    }
  }
  return { batches: batches(), close, progress: () => progress };
}
