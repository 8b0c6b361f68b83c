import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** Why {@link readBoundedFileSync} gave up on a file. */
export class BoundedReadError extends Error {
  constructor(
    /** `too-large`: more than `limit` bytes; `no-data`: a pipe gave nothing within the wait. */
    readonly reason: 'too-large' | 'no-data',
    /** The byte limit, or the wait in ms. */
    readonly limit: number,
  ) {
    super(reason === 'too-large' ? `larger than ${limit} bytes` : `no data within ${limit} ms`);
    this.name = 'BoundedReadError';
    // An errno-like code, for callers that report `error.code` of any read failure.
    this.code = reason === 'too-large' ? 'EFBIG' : 'ETIMEDOUT';
  }

  readonly code: string;
}

/** Options of {@link readBoundedFileSync}. */
export interface BoundedReadOptions {
  /** Most bytes the file may hold. */
  readonly maxBytes: number;
  /** Longest wait for a pipe that has a writer but no data yet. @default 2000 */
  readonly pipeWaitMs?: number;
}

const STEP_MS = 10;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Reads a small file (token, config, mapping) as UTF-8 without trusting it to be small or to end:
 * opened non-blocking (a writerless FIFO reads empty), a regular file refused by its size first, a pipe
 * or device read up to `maxBytes` and given up after `pipeWaitMs` of silence.
 * @throws BoundedReadError, or the `open`/`read` error (ENOENT, EACCES, EISDIR…).
 */
export function readBoundedFileSync(file: string, options: BoundedReadOptions): string {
  const { maxBytes } = options;
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const info = fstatSync(fd);
    if (info.isDirectory()) throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read '${file}'`), { code: 'EISDIR' });
    if (info.isFile() && info.size > maxBytes) throw new BoundedReadError('too-large', maxBytes);
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    let waited = 0;
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buffer, length, buffer.length - length, null);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
        const wait = options.pipeWaitMs ?? 2000;
        if (waited >= wait) throw new BoundedReadError('no-data', wait);
        Atomics.wait(pause, 0, 0, STEP_MS);
        waited += STEP_MS;
        continue;
      }
      if (n === 0) break;
      length += n;
      if (length > maxBytes) throw new BoundedReadError('too-large', maxBytes);
    }
    return buffer.toString('utf8', 0, length);
  } finally {
    closeSync(fd);
  }
}

/** What went wrong reading a file, in a few words: the bounded read's reason, else the errno code. */
export function readFailureText(error: unknown): string {
  if (error instanceof BoundedReadError) return error.message;
  return (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
}
