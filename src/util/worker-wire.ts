import { MgeError, type ErrorKind, type ErrorLocation } from '../errors/mge-error.js';

/** An error as it crosses from a worker thread: an {@link MgeError}'s own fields. */
export interface WireError {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly message: string;
  readonly location: ErrorLocation | undefined;
  readonly hint: string | undefined;
  readonly details: Readonly<Record<string, unknown>> | undefined;
  /**
   * The typed fields of an area's subclass (a `MAPPING_INVALID`'s `problems`), as plain data: a class
   * instance does not survive the crossing, so the reading side revives the subclass from them.
   */
  readonly facts: Readonly<Record<string, unknown>> | undefined;
}

/** Rebuilds an area's error subclass from its wire form, or undefined to leave it a plain {@link MgeError}. */
export type ReviveError = (wire: WireError) => MgeError | undefined;

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

/** The fields every {@link MgeError} has; anything else of its own is a subclass's typed fact. */
const BASE_FIELDS = new Set(['name', 'message', 'stack', 'cause', 'kind', 'code', 'location', 'hint', 'details']);

/** An error in a form that survives structured cloning (an `Error`'s class and own fields do not). */
export function toWireError(error: unknown, thread: string): WireError {
  if (error instanceof MgeError) {
    const own = Object.entries(error as object as Record<string, unknown>).filter(([key]) => !BASE_FIELDS.has(key));
    const code: string = (error as MgeError).code;
    return {
      kind: error.kind,
      code,
      message: error.message,
      location: error.location,
      hint: error.hint,
      details: error.details,
      facts: own.length === 0 ? undefined : Object.fromEntries(own),
    };
  }
  return {
    kind: 'internal',
    code: 'INTERNAL_ERROR',
    message: `${thread} failed: ${error instanceof Error ? error.message : String(error)}`,
    location: undefined,
    hint: undefined,
    details: undefined,
    facts: undefined,
  };
}

/** The {@link MgeError} a {@link WireError} was made from: the subclass `revive` rebuilds, else a plain one. */
export function fromWireError(wire: WireError, revive?: ReviveError): MgeError {
  const revived = revive?.(wire);
  if (revived !== undefined) return revived;
  return new MgeError(wire.kind, wire.code, wire.message, {
    ...(wire.location === undefined ? {} : { location: wire.location }),
    ...(wire.hint === undefined ? {} : { hint: wire.hint }),
    ...(wire.details === undefined ? {} : { details: wire.details }),
  });
}
