import { isMgeError, type ErrorKind } from '../errors/mge-error.js';

/** Exit codes of PRODUCT.md. */
export const EXIT = { ok: 0, rowsFailed: 1, input: 2, aborted: 3, interrupted: 130 } as const;

const BY_KIND: Readonly<Record<ErrorKind, number>> = {
  usage: EXIT.input,
  config: EXIT.input,
  mapping: EXIT.input,
  template: EXIT.input,
  source: EXIT.input,
  transient: EXIT.aborted,
  rejected: EXIT.aborted,
  fatal: EXIT.aborted,
  internal: EXIT.aborted,
};

/** The exit code for an error that ended a command: input problems 2, run-level failures 3, interrupts 130. */
export function exitCodeFor(error: unknown, interrupted: boolean): number {
  if (interrupted) return EXIT.interrupted;
  return isMgeError(error) ? BY_KIND[error.kind] : EXIT.aborted;
}
