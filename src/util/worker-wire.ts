import { MgeError, type ErrorKind, type ErrorLocation } from '../errors/mge-error.js';

/** An error as it crosses from a worker thread: an {@link MgeError}'s own fields. */
export interface WireError {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly message: string;
  readonly location: ErrorLocation | undefined;
  readonly hint: string | undefined;
  /** Plain data only (a `MAPPING_INVALID`'s problems): a class instance would not survive the crossing. */
  readonly details: Readonly<Record<string, unknown>> | undefined;
}

/**
 * A message from a batch worker to the thread reading its batches. `progress` is the worker's own
 * measure of how far it has read when it sent the batch (bytes, or a share of the file).
 */
export type BatchMessage<B> =
  | { readonly type: 'batch'; readonly batch: B; readonly progress: number }
  | { readonly type: 'end' }
  | { readonly type: 'error'; readonly error: WireError };

/** Batches a worker may send ahead of its reader: enough to keep both threads busy, few enough to bound memory. */
export const WORKER_CREDITS = 4;

/** An error in a form that survives structured cloning (an `Error`'s class and own fields do not). */
export function toWireError(error: unknown, thread: string): WireError {
  if (error instanceof MgeError) {
    return { kind: error.kind, code: error.code, message: error.message, location: error.location, hint: error.hint, details: error.details };
  }
  return { kind: 'internal', code: 'INTERNAL_ERROR', message: `${thread} failed: ${error instanceof Error ? error.message : String(error)}`, location: undefined, hint: undefined, details: undefined };
}

/** The {@link MgeError} a {@link WireError} was made from. */
export function fromWireError(wire: WireError): MgeError {
  return new MgeError(wire.kind, wire.code, wire.message, {
    ...(wire.location === undefined ? {} : { location: wire.location }),
    ...(wire.hint === undefined ? {} : { hint: wire.hint }),
    ...(wire.details === undefined ? {} : { details: wire.details }),
  });
}
