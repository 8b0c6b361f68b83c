import { parentPort } from 'node:worker_threads';
import { createWakeUp } from './create-wake-up.js';
import { toWireError, WORKER_CREDITS, type BatchMessage } from './worker-wire.js';

/**
 * The worker side of {@link readWorkerBatches}: posts `batches` to the parent thread, never more than
 * {@link WORKER_CREDITS} ahead of its reader (each batch it takes returns one credit), then an end or
 * the error that stopped it. `progress` is read as each batch is sent; `thread` names the worker in
 * the message of an unexpected error. When done, `close` releases the input, then the port is closed,
 * which lets the worker exit.
 */
export async function serveWorkerBatches<B>(
  batches: AsyncIterable<B>,
  progress: () => number,
  thread: string,
  close: () => Promise<void>,
): Promise<void> {
  const port = parentPort!;
  let credits = WORKER_CREDITS;
  const credit = createWakeUp();
  port.on('message', () => {
    credits++;
    credit.wake();
  });
  const send = (message: BatchMessage<B>): void => port.postMessage(message);
  try {
    for await (const batch of batches) {
      while (credits === 0) await credit.wait();
      credits--;
      send({ type: 'batch', batch, progress: progress() });
    }
    send({ type: 'end' });
  } catch (error) {
    send({ type: 'error', error: toWireError(error, thread) });
  } finally {
    await close();
    port.close();
  }
}
