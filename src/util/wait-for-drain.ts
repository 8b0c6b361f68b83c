/** The part of a writable stream {@link waitForDrain} needs (node's, or readable-stream's). */
export interface Drainable {
  once(event: 'drain' | 'close' | 'error', listener: () => void): unknown;
  removeListener(event: 'drain' | 'close' | 'error', listener: () => void): unknown;
}

/**
 * Resolves when a stream that refused more data can take it again, or is closed or failed (its own
 * error handler reports that). Both listeners are removed as soon as either fires: racing two
 * `events.once` promises instead leaves one listener behind per wait, a leak in a long export.
 */
export function waitForDrain(stream: Drainable): Promise<void> {
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
