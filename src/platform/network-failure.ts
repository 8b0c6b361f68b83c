import { PlatformRequestError, type PlatformFailure } from './platform-errors.js';
import { redactSecret } from './redact-secret.js';

type Reason = NonNullable<PlatformFailure['reason']>;

interface WireErrorLike {
  readonly name?: string;
  readonly code?: string;
  readonly message?: string;
  readonly timings?: { readonly upload?: number; readonly response?: number };
}

const REASON_BY_CODE: Readonly<Record<string, Reason>> = {
  ECONNREFUSED: 'refused',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  ECONNABORTED: 'reset',
  ETIMEDOUT: 'timeout',
  ESOCKETTIMEDOUT: 'timeout',
};

function reasonOf(error: WireErrorLike): Reason {
  if (error.name === 'TimeoutError') return 'timeout';
  const byCode = error.code === undefined ? undefined : REASON_BY_CODE[error.code];
  if (byCode) return byCode;
  if (error.message !== undefined && /socket hang up/i.test(error.message)) return 'reset';
  return 'other';
}

const HINTS: Readonly<Record<Reason, string>> = {
  refused: 'Nothing listens at --base-url: check the address and that the platform is up.',
  dns: 'The host name of --base-url does not resolve: check it and the network.',
  reset: 'The connection was dropped: a proxy or the platform closed it.',
  timeout: 'The platform did not answer in time: raise --timeout or try again later.',
  other: 'A network problem: check the connection to the platform.',
};

/** What happened, as a sentence a curator reads: `could not resolve host x`, `connection refused by x:80`. */
function describe(reason: Reason, host: string | undefined, code: string | undefined): string {
  const at = host === undefined ? '' : ` ${host}`;
  const what = {
    refused: `connection refused${host === undefined ? '' : ` by${at}`}`,
    dns: `could not resolve host${at || ' of --base-url'}`,
    reset: `connection${host === undefined ? '' : ` to${at}`} was reset`,
    timeout: `no answer${host === undefined ? '' : ` from${at}`} in time`,
    other: `network error${host === undefined ? '' : ` talking to${at}`}`,
  }[reason];
  return code === undefined ? what : `${what} (${code})`;
}

/** What {@link networkFailure} needs besides the error. */
export interface NetworkFailureContext {
  /** `host:port` of the platform, named in the message. */
  readonly host?: string | undefined;
  /** The token, scrubbed from the wire message kept as `cause`. */
  readonly secret?: string;
}

/**
 * A got error without response as NETWORK_ERROR; `requestSent` is false only without got's
 * `timings.upload` (the body never finished writing: refused, DNS, reset mid-write).
 */
export function networkFailure(error: unknown, endpoint: string, context: NetworkFailureContext = {}): PlatformRequestError {
  const wire = (typeof error === 'object' && error !== null ? error : {}) as WireErrorLike;
  const reason = reasonOf(wire);
  const requestSent = wire.timings?.upload !== undefined || wire.timings?.response !== undefined;
  const aborted = wire.name === 'AbortError' || wire.code === 'ERR_ABORTED';
  const what = aborted ? 'the request was aborted' : describe(reason, context.host, wire.code);
  return new PlatformRequestError(
    'NETWORK_ERROR',
    `${what} ${requestSent ? 'after' : 'before'} the request was sent`,
    {
      endpoint,
      requestSent,
      reason,
      // got's error carries the request options (with the Authorization header): keep only its code and message.
    },
    {
      hint: HINTS[reason],
      cause: Object.assign(new Error(redactSecret(wire.message ?? 'network error', context.secret)), { code: wire.code }),
    },
  );
}
