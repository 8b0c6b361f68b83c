import { PlatformRequestError } from './platform-errors.js';
import { redactSecret } from './redact-secret.js';

/** The parts of an HTTP response the envelope check needs (plain values, so it is testable without a server). */
export interface RawResponse {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly retryAfter: string | undefined;
  readonly body: string;
}

interface Envelope {
  readonly code: number;
  readonly msg?: string;
  readonly data?: unknown;
  readonly error_detail?: unknown;
}

function asEnvelope(value: unknown): Envelope | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const code = (value as Record<string, unknown>)['code'];
  return typeof code === 'number' && Number.isInteger(code) ? (value as Envelope) : undefined;
}

function parseEnvelope(response: RawResponse): Envelope | undefined {
  // The DCQL build answers unknown URLs with its SPA page and status 200 (docs/platform.md#answers-that-are-not-json): check the type first.
  if (!response.contentType || !/^application\/(?:[\w.+-]*\+)?json\b/i.test(response.contentType)) return undefined;
  try {
    return asEnvelope(JSON.parse(response.body));
  } catch {
    return undefined;
  }
}

/** Every string in a JSON value scrubbed (before the value is written out, which would escape an echo further). */
function scrubbed(value: unknown, secret: string | undefined): unknown {
  if (typeof value === 'string') return redactSecret(value, secret);
  if (Array.isArray(value)) return value.map((v) => scrubbed(v, secret));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redactSecret(k, secret), scrubbed(v, secret)]));
  return value;
}

function detailText(detail: unknown, secret: string | undefined): string | undefined {
  if (detail === undefined || detail === null) return undefined;
  return redactSecret(typeof detail === 'string' ? detail : JSON.stringify(scrubbed(detail, secret)), secret);
}

function describeBody(response: RawResponse, secret: string | undefined): string {
  if (response.body.length === 0) return `an empty ${response.contentType ?? 'untyped'} body`;
  // Scrub the whole body before cutting it, so a token cut in half at the edge cannot slip through.
  return `a ${response.contentType ?? 'untyped'} body starting ${JSON.stringify(redactSecret(response.body, secret).slice(0, 60))}`;
}

/**
 * Checks a response against the envelope (docs/platform.md#the-envelope) and returns `data` or throws a
 * {@link PlatformRequestError}; branches on `code` and status only (`msg` may be translated). Quoted
 * platform text is scrubbed of `secret` and `Bearer …`: a server may echo the headers.
 */
export function readEnvelope(response: RawResponse, endpoint: string, secret?: string): unknown {
  const { status } = response;
  const envelope = parseEnvelope(response);
  const base = { endpoint, status, requestSent: true as const };
  const detail = envelope ? detailText(envelope.error_detail, secret) : undefined;
  const platformMessage = envelope?.msg === undefined ? undefined : redactSecret(String(envelope.msg), secret);
  const facts = envelope ? { ...base, platformCode: envelope.code, platformMessage, detail } : base;

  if (status === 401 || status === 403) {
    throw new PlatformRequestError('TOKEN_REJECTED', `the platform rejected the access token (HTTP ${status})`, facts, {
      hint: 'The token is missing, wrong or expired (tokens live about 10 hours): get a new one and set MGE_TOKEN or MGE_TOKEN_FILE.',
    });
  }
  if (status === 429 || status === 503) {
    throw new PlatformRequestError(
      'PLATFORM_BUSY',
      `the platform is busy (HTTP ${status})`,
      { ...facts, retryAfter: response.retryAfter },
      {
        hint: 'Lower --rate or --concurrency, or try again later.',
      },
    );
  }
  if (!envelope) {
    if (status >= 500) {
      throw new PlatformRequestError(
        'PLATFORM_ERROR',
        `the platform failed with HTTP ${status} and ${describeBody(response, secret)}`,
        base,
        {
          hint: 'A server-side failure: a submitted record may or may not have been stored.',
        },
      );
    }
    throw new PlatformRequestError(
      'PROTOCOL_ERROR',
      `expected the platform's JSON envelope, got HTTP ${status} with ${describeBody(response, secret)}`,
      base,
      {
        hint: 'Check --base-url: it must point at the platform itself (e.g. https://host), not at a web page or proxy.',
      },
    );
  }
  if (envelope.code !== 0 || (status !== 200 && status !== 201)) {
    throw new PlatformRequestError(
      'PLATFORM_ERROR',
      `the platform answered HTTP ${status} code ${envelope.code}${detail === undefined ? '' : `: ${detail}`}`,
      facts,
    );
  }
  return envelope.data ?? null;
}
