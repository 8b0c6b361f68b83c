import { MgeError, type ErrorLocation } from '../errors/mge-error.js';

/** A run-level source problem: the file cannot be read as a table. */
export function sourceError(
  code: string,
  message: string,
  location: ErrorLocation,
  hint?: string,
  cause?: unknown,
): MgeError {
  return new MgeError('source', code, message, {
    location,
    ...(hint === undefined ? {} : { hint }),
    ...(cause === undefined ? {} : { cause }),
  });
}
