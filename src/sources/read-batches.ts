import type { Readable } from 'node:stream';
import { createWakeUp } from '../util/create-wake-up.js';

/**
 * Reads an object-mode stream as batches of whatever is buffered at each wake-up: one promise per
 * batch, not per object, keeps a row reader near the parser's speed. `listening` is called once the
 * listeners are on, so later writes cannot fail the stream unheard.
 */
export async function* readBatches<T>(stream: Readable, listening?: () => void): AsyncGenerator<T[]> {
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
    // Failed during a call made here (a write, the end): the event comes on the next tick, after the
    // stream already counts as destroyed, which would otherwise read as its end.
    if (stream.errored !== null) throw stream.errored;
  };
  stream.on('readable', notify);
  stream.on('end', onEnd);
  stream.on('close', onEnd);
  stream.on('error', onError);
  try {
    listening?.();
    for (;;) {
      // What the stream holds is handed out before its error, if any: the records before the failure.
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
    // An error thrown above from `errored` has its event still to come: it is heard, not unhandled.
    if (failure === undefined && stream.errored !== null) stream.once('error', () => undefined);
  }
}
