/** The part of a writable stream {@link waitForDrain} needs (node's, or readable-stream's). */
export interface Drainable {
  readonly closed?: boolean;
  readonly destroyed?: boolean;
  once(event: 'drain' | 'close' | 'error', listener: () => void): unknown;
  removeListener(event: 'drain' | 'close' | 'error', listener: () => void): unknown;
}

/**
 * Resolves when a stream takes data again, or closes or fails. Every listener goes once one fires:
 * racing two `events.once` left one per wait, and a slow file tripped MaxListenersExceededWarning.
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
