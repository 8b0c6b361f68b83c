import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { MgeError } from '../errors/mge-error.js';
import { waitForDrain } from './wait-for-drain.js';

/** A text file being written as a stream. */
export interface TextSink {
  /** Writes `text`, waiting for the disk when the stream's buffer is full (so memory stays bounded). */
  write(text: string): Promise<void>;
  /** Flushes and closes the file; safe to call twice. */
  close(): Promise<void>;
  /** Closes the file without flushing (after a failure). */
  destroy(): void;
  /** Bytes handed to the file so far. */
  readonly bytesWritten: number;
}

/**
 * Opens `file` for writing (created or truncated) once it is really open, so a missing directory or a
 * read-only place fails here, not at the first row. Every failure, now or later, is thrown as what
 * `unwritable` makes of it (an `MgeError` naming the option that named the file).
 */
export async function openTextSink(file: string, unwritable: (error: unknown) => Error): Promise<TextSink> {
  const stream = createWriteStream(file);
  let failure: Error | undefined;
  await Promise.race([once(stream, 'open'), once(stream, 'error').then(([error]) => Promise.reject(error as Error))]).catch(
    (error: unknown) => {
      throw unwritable(error);
    },
  );
  stream.on('error', (error) => {
    failure = error;
  });
  let closed = false;
  return {
    async write(text) {
      if (failure !== undefined) throw unwritable(failure);
      if (!stream.write(text)) await waitForDrain(stream);
    },
    async close() {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(unwritable(error)) : resolve())));
      if (failure !== undefined) throw unwritable(failure);
    },
    destroy() {
      closed = true;
      stream.destroy();
    },
    get bytesWritten() {
      return stream.bytesWritten;
    },
  };
}

/**
 * The error of an output file that cannot be written, as {@link openTextSink} wants it: a `usage` error
 * with `code`, naming the file and the option that named it.
 */
export function unwritableFile<C extends string>(code: C, file: string, flag: string): (error: unknown) => MgeError<C> {
  return (error) =>
    new MgeError('usage', code, `cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`, {
      location: { field: flag, file },
      hint: 'Check the directory exists and is writable.',
      cause: error,
    });
}
