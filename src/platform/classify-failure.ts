import { PlatformRequestError } from './platform-errors.js';

/**
 * What to do about one failed request: `retry` (nothing stored; `busy` pauses the queue), `failed` (the
 * same bytes would fail again), `uncertain` (a POST that may be stored: with no idempotency,
 * docs/platform.md#no-idempotency-no-dedup, it is re-sent only when asked) or `fatal` (no later row can
 * succeed). A GET is never `uncertain`. See ARCHITECTURE.md → "How a retry is decided, from one answer to the next run".
 */
export type FailureAction = 'retry' | 'failed' | 'uncertain' | 'fatal';

export interface Classification {
  readonly action: FailureAction;
  /** The code the report records: the client's code, or `TEMPLATE_GONE` / `INTERNAL_ERROR`. */
  readonly code: string;
  readonly status: number | undefined;
  readonly platformCode: number | undefined;
  /** The platform's `error_detail`, else its `msg`, else the error message. */
  readonly detail: string | undefined;
  /** Raw `Retry-After` of a 429/503, to pause the whole queue. */
  readonly retryAfter: string | undefined;
  /** 429/503: the platform asks every request to slow down, not just this one. */
  readonly busy: boolean;
  /**
   * The platform looks unreachable (network error, 502, 503, 504): counted towards the consecutive
   * failures that stop a run instead of burning through the input.
   */
  readonly unreachable: boolean;
  /** For network errors: what happened on the wire. */
  readonly reason: string | undefined;
}

function base(action: FailureAction, code: string, extra: Partial<Classification> = {}): Classification {
  return {
    action,
    code,
    status: undefined,
    platformCode: undefined,
    detail: undefined,
    retryAfter: undefined,
    busy: false,
    unreachable: false,
    reason: undefined,
    ...extra,
  };
}

function byStatus(status: number | undefined): FailureAction {
  if (status === undefined) return 'uncertain';
  if (status === 429 || status === 503 || status === 408) return 'retry';
  if (status === 401 || status === 403 || status === 404) return 'fatal';
  if (status >= 400 && status < 500) return 'failed';
  // 5xx (500 may come after the commit: docs/platform.md#stored-then-500), and a 1xx/2xx/3xx that was not a valid success.
  return 'uncertain';
}

/** The action for a GET: retry what may pass by itself (see {@link FailureAction}). */
function getAction(error: PlatformRequestError): FailureAction {
  const { status, requestSent } = error.failure;
  if (error.code === 'TOKEN_REJECTED' || status === 401 || status === 403) return 'fatal';
  if (error.code === 'PLATFORM_BUSY' || error.code === 'NETWORK_ERROR' || !requestSent) return 'retry';
  return status !== undefined && (status >= 500 || status === 408 || status === 429) ? 'retry' : 'failed';
}

/**
 * Classifies an error of one attempt from the same facts for every method ({@link FailureAction}).
 * Pure; table-tested.
 * @param method the request's method. @default 'POST'
 */
export function classifyFailure(error: unknown, method: 'GET' | 'POST' = 'POST'): Classification {
  if (!(error instanceof PlatformRequestError)) {
    const detail = error instanceof Error ? error.message : String(error);
    return base('failed', 'INTERNAL_ERROR', { detail });
  }
  const f = error.failure;
  const facts: Partial<Classification> = {
    status: f.status,
    platformCode: f.platformCode,
    detail: f.detail ?? f.platformMessage ?? error.message,
    retryAfter: f.retryAfter,
    reason: f.reason,
    unreachable: error.code === 'NETWORK_ERROR' || f.status === 502 || f.status === 503 || f.status === 504,
  };
  const busy503 = error.code === 'PLATFORM_BUSY' || f.status === 429 || f.status === 503;
  if (method === 'GET') {
    const action = getAction(error);
    const busy = action === 'retry' && busy503;
    return base(action, action === 'fatal' ? 'TOKEN_REJECTED' : busy ? 'PLATFORM_BUSY' : error.code, { ...facts, busy });
  }
  if (error.code === 'TOKEN_REJECTED') return base('fatal', 'TOKEN_REJECTED', facts);
  if (error.code === 'PLATFORM_BUSY') return base('retry', 'PLATFORM_BUSY', { ...facts, busy: true });
  // Nothing left the machine (refused, DNS, a failure while building the request): safe to send again.
  if (!f.requestSent) return base('retry', error.code, facts);
  if (error.code === 'NETWORK_ERROR') return base('uncertain', 'NETWORK_ERROR', facts);
  const action = byStatus(f.status);
  if (action === 'fatal') {
    if (f.status === 404) return base('fatal', error.code === 'PLATFORM_ERROR' ? 'TEMPLATE_GONE' : 'ENDPOINT_NOT_FOUND', facts);
    return base('fatal', 'TOKEN_REJECTED', facts);
  }
  const busy = action === 'retry' && f.status !== 408;
  return base(action, busy ? 'PLATFORM_BUSY' : error.code, { ...facts, busy });
}
