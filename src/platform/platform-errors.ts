import { MgeError, type ErrorKind } from '../errors/mge-error.js';

/**
 * Facts about one failed API call. The upload stage classifies retries from these alone, so they must
 * be exact: `requestSent` false means the platform certainly did not receive the body.
 */
export interface PlatformFailure {
  /** `GET templates/101`, `POST data/full` (never the token, never the query string). */
  readonly endpoint: string;
  /** HTTP status, when a response arrived. */
  readonly status?: number;
  /** The envelope's `code`, when the body was the platform's JSON envelope. */
  readonly platformCode?: number;
  /** The envelope's `msg` (may be Chinese: never branch on it). */
  readonly platformMessage?: string | undefined;
  /** The envelope's `error_detail`, as text. */
  readonly detail?: string | undefined;
  /** Raw `Retry-After` header, when present. */
  readonly retryAfter?: string | undefined;
  /** Whether the request (with its body) may have reached the platform. */
  readonly requestSent: boolean;
  /** For network errors: what happened on the wire. */
  readonly reason?: 'refused' | 'reset' | 'timeout' | 'dns' | 'other';
}

/**
 * Error codes of the platform client (kind in brackets): `TOKEN_REJECTED` (fatal, 401/403),
 * `PLATFORM_ERROR` (rejected: the error envelope), `PLATFORM_BUSY` (transient: 429/503),
 * `PROTOCOL_ERROR` (rejected: not the expected JSON), `NETWORK_ERROR` (transient). docs/platform.md#errors.
 */
export type PlatformErrorCode = 'TOKEN_REJECTED' | 'PLATFORM_ERROR' | 'PLATFORM_BUSY' | 'PROTOCOL_ERROR' | 'NETWORK_ERROR';

const KIND: Readonly<Record<PlatformErrorCode, ErrorKind>> = {
  TOKEN_REJECTED: 'fatal',
  PLATFORM_ERROR: 'rejected',
  PLATFORM_BUSY: 'transient',
  PROTOCOL_ERROR: 'rejected',
  NETWORK_ERROR: 'transient',
};

/** A failed API call, with the facts the retry rules read ({@link PlatformFailure}). */
export class PlatformRequestError extends MgeError<PlatformErrorCode> {
  readonly failure: PlatformFailure;

  constructor(code: PlatformErrorCode, message: string, failure: PlatformFailure, options: { hint?: string; cause?: unknown } = {}) {
    super(KIND[code], code, message, {
      location: { endpoint: failure.endpoint },
      hint: options.hint,
      cause: options.cause,
      details: { ...failure },
    });
    this.failure = failure;
  }
}
