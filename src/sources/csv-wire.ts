import { MgeError, type ErrorKind, type ErrorLocation } from '../errors/mge-error.js';
import type { RawRow } from './raw-row.js';

/** An error as it crosses from the CSV worker thread: an {@link MgeError}'s own fields. */
export interface WireError {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly message: string;
  readonly location: ErrorLocation | undefined;
  readonly hint: string | undefined;
}

/** A message from the CSV worker thread to the thread reading its rows. */
export type CsvWorkerMessage =
  /** `bytes`: of the file read when the batch was sent (the reader's progress). */
  | { readonly type: 'rows'; readonly rows: RawRow[]; readonly bytes: number }
  | { readonly type: 'end' } | { readonly type: 'error'; readonly error: WireError };

/** Batches the worker may send ahead of the reader: enough to keep both threads busy, few enough to bound memory. */
export const CSV_WORKER_CREDITS = 4;

/** An error in a form that survives structured cloning (an `Error`'s class and own fields do not). */
export function toWireError(error: unknown): WireError {
  if (error instanceof MgeError) return { kind: error.kind, code: error.code, message: error.message, location: error.location, hint: error.hint };
  return { kind: 'internal', code: 'INTERNAL_ERROR', message: `the CSV reader thread failed: ${error instanceof Error ? error.message : String(error)}`, location: undefined, hint: undefined };
}

/** The {@link MgeError} a {@link WireError} was made from. */
export function fromWireError(wire: WireError): MgeError {
  return new MgeError(wire.kind, wire.code, wire.message, { ...(wire.location === undefined ? {} : { location: wire.location }), ...(wire.hint === undefined ? {} : { hint: wire.hint }) });
}
