import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import got, { RequestError, type Got } from 'got';
import { packageVersion } from '../util/package-info.js';
import { networkFailure } from './network-failure.js';
import { PlatformRequestError } from './platform-errors.js';
import { readEnvelope } from './read-envelope.js';
import { fixedToken, type TokenSource } from './token-source.js';

/** How the transport reaches the platform (see `PlatformClientOptions`). */
export interface TransportOptions {
  readonly baseUrl: string;
  readonly token: string;
  /** Where the token comes from when it may be replaced mid-run; `token` is then its first value. @default fixedToken(token) */
  readonly tokens?: TokenSource | undefined;
  readonly acceptLanguage?: string | undefined;
  /** Deadline of a whole request, from its start to the last byte of the answer, in ms. */
  readonly timeoutMs: number;
  /** @default `mge-ingest/<version>` */
  readonly userAgent?: string;
}

/** What one request carries besides method and path: a value to serialize (`json`) or JSON text (`body`). */
export interface SendExtra {
  readonly json?: unknown;
  readonly body?: string;
  readonly searchParams?: Record<string, string | number> | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Largest answer read, in bytes (see `RESPONSE_LIMITS`). */
  readonly maxBytes: number;
}

/** One HTTP exchange with the platform: the envelope's `data`, or a typed {@link PlatformRequestError}. */
export type Send = (method: 'GET' | 'POST', path: string, endpoint: string, extra: SendExtra) => Promise<{ data: unknown; status: number }>;

/** How long a connection may wait unused before it is closed rather than reused (at most). */
const IDLE_SOCKET_MS = 4_000;

/**
 * The one got instance: keep-alive, no retries or redirects of its own, a whole-request deadline, no
 * compression (a small gzip could inflate past the limit), answers cut at `maxBytes`. A cut answer is a
 * `PROTOCOL_ERROR` without status: for a POST an unknown outcome, for a GET final.
 */
export function createTransport(options: TransportOptions): Send {
  const base = options.baseUrl.replace(/\/+$/, '') + '/';
  const host = URL.canParse(base) ? new URL(base).host : undefined;
  // Node's agent drops an idle socket a second before the server's `Keep-Alive: timeout=N` only when
  // it has a `timeout` of its own; without one it reuses a socket the server may be closing, and a
  // POST written there is reset with an unknown outcome. 4 s suits the common 5 s servers that say nothing.
  const idle = { keepAlive: true, maxSockets: 64, timeout: IDLE_SOCKET_MS };
  const agent = { http: new HttpAgent(idle), https: new HttpsAgent(idle) };
  const tokens = options.tokens ?? fixedToken(options.token);
  /** The got instances of one token, on the one pair of keep-alive agents. */
  const build = (token: string): { token: string; http: Got; httpJsonText: Got } => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      'user-agent': options.userAgent ?? `mge-ingest/${packageVersion()}`,
    };
    if (options.acceptLanguage) headers['accept-language'] = options.acceptLanguage;
    const http: Got = got.extend({
      headers,
      // got's `request` timeout runs from the start to the answer's last byte: a server that answers
      // slowly without end is cut off, not only one that goes silent.
      timeout: { request: options.timeoutMs },
      retry: { limit: 0 },
      throwHttpErrors: false,
      followRedirect: false,
      decompress: false,
      responseType: 'text',
      agent,
    });
    // JSON text goes out through an instance that already carries its content type: a per-request
    // header would be merged into the defaults on every one of 10^5 POSTs. For the same reason a new
    // token gets new instances rather than a header per request.
    return { token, http, httpJsonText: http.extend({ headers: { 'content-type': 'application/json' } }) };
  };
  let built = build(tokens.current());

  return async (method, path, endpoint, extra) => {
    const token = tokens.current();
    if (token !== built.token) built = build(token);
    const { http, httpJsonText } = built;
    const request =
      extra.body !== undefined
        ? httpJsonText(base + path, { method, body: extra.body, signal: extra.signal })
        : http(base + path, { method, json: extra.json, searchParams: extra.searchParams, signal: extra.signal });
    let cutOff = false;
    // `on` hands back the request itself, which is awaited below.
    void request.on('downloadProgress', ({ transferred, total }) => {
      if (transferred <= extra.maxBytes && (total === undefined || total <= extra.maxBytes)) return;
      cutOff = true;
      request.cancel();
    });
    let response;
    try {
      response = await request;
    } catch (error) {
      if (cutOff) throw tooLarge(endpoint, extra.maxBytes, (error as RequestError).response?.statusCode);
      if (error instanceof RequestError) throw networkFailure(error, endpoint, { host, secret: token });
      throw error;
    }
    const contentType = response.headers['content-type'];
    const retryAfter = response.headers['retry-after'];
    // got hands over a compressed answer as bytes when it is not to inflate it. Compression is not
    // asked for, so such an answer is no platform JSON, and it is never inflated (it may be a bomb).
    const body =
      typeof response.body === 'string'
        ? response.body
        : `(a ${String(response.headers['content-encoding'])}-compressed answer, not asked for)`;
    const data = readEnvelope({ status: response.statusCode, contentType, retryAfter, body }, endpoint, token);
    return { data, status: response.statusCode };
  };
}

function tooLarge(endpoint: string, maxBytes: number, status: number | undefined): PlatformRequestError {
  const answer = status === undefined ? 'the answer' : `the HTTP ${status} answer`;
  return new PlatformRequestError(
    'PROTOCOL_ERROR',
    `${answer} is larger than ${maxBytes} bytes; it was cut off unread`,
    { endpoint, requestSent: true, detail: `answer over ${maxBytes} bytes` },
    {
      hint: 'Check --base-url points at the platform itself, not at a proxy or a page that streams without end.',
    },
  );
}
