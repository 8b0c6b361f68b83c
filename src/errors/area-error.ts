import { MgeError, type ErrorKind, type MgeErrorOptions } from './mge-error.js';

/**
 * The base class of an area's errors whose kind (and so exit code) follows from the code by the
 * area's one table: `class ReportError extends areaError(KIND) {}`. A code then always exits the same
 * way, wherever it is thrown.
 */
export function areaError<C extends string>(kinds: Readonly<Record<C, ErrorKind>>) {
  return class extends MgeError<C> {
    constructor(code: C, message: string, options: MgeErrorOptions = {}) {
      super(kinds[code], code, message, options);
    }
  };
}
