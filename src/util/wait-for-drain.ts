import type { Writable } from 'node:stream';

/**
 * Resolves when `stream` has drained its buffer or has closed (an error closes it too; the caller
 * learns of the error through its own `error` listener). Both listeners are removed once it resolves:
 * `events.once` on `close` left one listener (and one `error` listener) behind per full buffer, and a
 * few thousand rows written to a slow file then tripped Node's MaxListenersExceededWarning.
 */
export function waitForDrain(stream: Writable): Promise<void> {
  if (stream.closed || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}
