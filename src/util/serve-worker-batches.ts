import { parentPort } from 'node:worker_threads';
import { createWakeUp } from './create-wake-up.js';
import { toWireError, WORKER_CREDITS, type BatchMessage } from './worker-wire.js';

/**
 * The worker side of {@link readWorkerBatches}: posts `batches` at most {@link WORKER_CREDITS} ahead
 * of the reader, then an end or the error; `thread` names it in unexpected errors. When done, `close`
 * releases the input and the port closes, letting the worker exit.
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
