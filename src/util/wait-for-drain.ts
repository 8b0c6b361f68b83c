/** The part of a writable stream {@link waitForDrain} needs (node's, or readable-stream's). */
export interface Drainable {
  readonly closed?: boolean;
  readonly destroyed?: boolean;
  once(event: 'drain' | 'close' | 'error', listener: () => void): unknown;
  removeListener(event: 'drain' | 'close' | 'error', listener: () => void): unknown;
}

/**
 * Resolves when a stream that refused more data can take it again, or is closed or failed (its own
 * error handler reports that). Every listener is removed as soon as one fires: racing two
 * `events.once` promises instead leaves one listener behind per wait, and a few thousand rows written
 * to a slow file then tripped Node's MaxListenersExceededWarning.
 */
export function waitForDrain(stream: Drainable): Promise<void> {
  if (stream.closed === true || stream.destroyed === true) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      stream.removeListener('drain', done);
      stream.removeListener('close', done);
      stream.removeListener('error', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
    stream.once('error', done);
  });
}
