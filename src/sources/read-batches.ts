import type { Readable } from 'node:stream';
import { createWakeUp } from '../util/create-wake-up.js';

/**
 * Reads an object-mode stream as batches of everything buffered at each wake-up: one promise per
 * batch instead of one per object, which is what keeps a row reader close to the parser's own speed.
 * Stream errors are thrown; the listeners are removed when the consumer stops.
 */
export async function* readBatches<T>(stream: Readable): AsyncGenerator<T[]> {
  let finished = false;
  // Boxed: a stream may fail with any value, `undefined` included, and the box says one came.
  let failure: { readonly error: unknown } | undefined;
  const { wait, wake: notify } = createWakeUp();
  const onEnd = (): void => {
    finished = true;
    notify();
  };
  const onError = (error: unknown): void => {
    failure ??= { error };
    notify();
  };
  // A function, not an inline check: `stream.read()` may fail the stream, which the compiler cannot see.
  const throwIfFailed = (): void => {
    if (failure !== undefined) throw failure.error;
  };
  stream.on('readable', notify);
  stream.on('end', onEnd);
  stream.on('close', onEnd);
  stream.on('error', onError);
  try {
    for (;;) {
      throwIfFailed();
      const batch: T[] = [];
      let item: T | null;
      while ((item = stream.read() as T | null) !== null) batch.push(item);
      if (batch.length > 0) {
        yield batch;
        continue;
      }
      throwIfFailed();
      if (finished || stream.readableEnded || stream.destroyed) return;
      await wait();
    }
  } finally {
    stream.off('readable', notify);
    stream.off('end', onEnd);
    stream.off('close', onEnd);
    stream.off('error', onError);
  }
}
