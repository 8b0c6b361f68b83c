import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { setTimeout as delay } from 'node:timers/promises';
import got, { RequestError, type Got } from 'got';
import type { PlatformRecord } from '../mapping/record-types.js';
import { parseTemplate, parseTemplateSummary } from '../template/parse-template.js';
import type { Template, TemplateSummary } from '../template/template-types.js';
import { MgeError } from '../errors/mge-error.js';
import { packageVersion } from '../util/package-info.js';
import { networkFailure } from './network-failure.js';
import { PayloadShapeError, parseCategoryTree, parseProjects } from './parse-platform-values.js';
import { PlatformRequestError } from './platform-errors.js';
import type { CategoryNode, Project } from './platform-types.js';
import { readEnvelope } from './read-envelope.js';
import { redactSecret } from './redact-secret.js';

export interface PlatformClientOptions {
  /** Platform root, e.g. `https://mgedata.example.cn` (the API paths are appended). */
  readonly baseUrl: string;
  /** OAuth access token, sent as `Authorization: Bearer`. Never logged, never in an error. */
  readonly token: string;
  /** Sent as `Accept-Language` when set (`en` for English category names). */
  readonly acceptLanguage?: string;
  /** Whole-request timeout in milliseconds. @default 30000 */
  readonly timeoutMs?: number;
  /** @default `mge-ingest/<version>` */
  readonly userAgent?: string;
  /** Extra attempts for GETs after a network error or a busy answer. @default 2 */
  readonly getRetries?: number;
  /** Waits between GET attempts (injectable so tests do not wait). @default timers/promises setTimeout */
  readonly sleep?: (ms: number) => Promise<void>;
}

export interface ListTemplatesOptions {
  /** Only templates of this category id (exact match, no descendants). */
  readonly category?: number;
  /** Page size of the underlying requests. @default 100 */
  readonly perPage?: number;
}

export interface SubmitOptions {
  /** The `?username=` the record is uploaded for (ignored by the platform for user-bound tokens). */
  readonly username: string;
  readonly signal?: AbortSignal;
}

/** One typed function per endpoint of the storage API. */
export interface PlatformClient {
  /** Every published template, fetching pages `1..ceil(total/perPage)`. */
  listTemplates(opts?: ListTemplatesOptions): Promise<TemplateSummary[]>;
  getTemplate(tid: number): Promise<Template>;
  categoryTree(): Promise<CategoryNode[]>;
  projects(): Promise<Project[]>;
  /**
   * One POST, one attempt (retries belong to the upload queue); resolves with the new record id. A
   * string is the record's JSON text, sent as it is (the text the report's record hash is of).
   */
  submitRecord(record: PlatformRecord | string, opts: SubmitOptions): Promise<number>;
}

const LIST_PATH = 'api/v1/storage/o/templates';
const TREE_PATH = 'api/v1/storage/o/material/category/tree';
const PROJECTS_PATH = 'api/v1/storage/o/material/projects/';
const SUBMIT_PATH = 'api/v1.1/storage/o/data/full';

function protocolError(endpoint: string, status: number, error: unknown, secret: string): PlatformRequestError {
  // A shape error may quote the payload, and the payload may echo the request.
  const message = redactSecret(error instanceof Error ? error.message : String(error), secret);
  return new PlatformRequestError('PROTOCOL_ERROR', `the platform's answer has an unexpected shape: ${message}`, {
    endpoint,
    status,
    requestSent: true,
    detail: message,
  }, { hint: 'Check --base-url points at the MGE data platform.' });
}

/**
 * The platform answers a missing and an unpublished template alike with 422/2102 (§C.2); only the
 * untranslated detail tells them apart. Both are template problems of the user's input, not failures.
 */
function templateLookupError(error: unknown, tid: number): unknown {
  if (!(error instanceof PlatformRequestError) || error.failure.platformCode !== 2102) return error;
  const detail = error.failure.detail ?? '';
  const details = { ...error.failure };
  if (/id not exists/.test(detail)) {
    return new MgeError('template', 'TEMPLATE_NOT_FOUND', `template ${tid} does not exist on the platform`, {
      location: { endpoint: error.failure.endpoint }, hint: 'List the templates with `mge-ingest templates list`.', cause: error, details,
    });
  }
  if (/not published/.test(detail)) {
    return new MgeError('template', 'TEMPLATE_UNPUBLISHED', `template ${tid} is not published`, {
      location: { endpoint: error.failure.endpoint }, hint: 'Ask the template owner to publish it, or use a published template.', cause: error, details,
    });
  }
  return error;
}

/** Backoff between GET attempts: a short `Retry-After` (seconds, ≤ 10) is honoured, else 250 ms doubling. */
function retryDelay(error: PlatformRequestError, attempt: number): number {
  const seconds = Number(error.failure.retryAfter);
  if (error.failure.retryAfter !== undefined && Number.isFinite(seconds) && seconds >= 0 && seconds <= 10) return seconds * 1000;
  return 250 * 2 ** attempt;
}

/** What one request carries besides method and path: a value to serialise (`json`) or JSON text (`body`). */
interface SendExtra {
  readonly json?: unknown;
  readonly body?: string;
  readonly searchParams?: Record<string, string | number>;
  readonly signal?: AbortSignal;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Creates the platform client. One got instance with keep-alive agents serves every call; got's own
 * retry is off: GETs are retried here (a couple of times, short backoff), the POST never.
 */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  const base = options.baseUrl.replace(/\/+$/, '') + '/';
  const host = URL.canParse(base) ? new URL(base).host : undefined;
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  const getRetries = options.getRetries ?? 2;
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${options.token}`,
    'user-agent': options.userAgent ?? `mge-ingest/${packageVersion()}`,
  };
  if (options.acceptLanguage) headers['accept-language'] = options.acceptLanguage;
  const http: Got = got.extend({
    headers,
    timeout: { request: options.timeoutMs ?? 30_000 },
    retry: { limit: 0 },
    throwHttpErrors: false,
    followRedirect: false,
    responseType: 'text',
    agent: {
      http: new HttpAgent({ keepAlive: true, maxSockets: 64 }),
      https: new HttpsAgent({ keepAlive: true, maxSockets: 64 }),
    },
  });

  // JSON text goes out through an instance that already carries its content type: a per-request
  // header would be merged into the defaults on every one of 10^5 POSTs.
  const httpJsonText: Got = http.extend({ headers: { 'content-type': 'application/json' } });

  async function send(method: 'GET' | 'POST', path: string, endpoint: string, extra: SendExtra): Promise<{ data: unknown; status: number }> {
    let response;
    try {
      response = extra.body !== undefined
        ? await httpJsonText(base + path, { method, body: extra.body, signal: extra.signal })
        : await http(base + path, { method, json: extra.json, searchParams: extra.searchParams, signal: extra.signal });
    } catch (error) {
      if (error instanceof RequestError) throw networkFailure(error, endpoint, { host, secret: options.token });
      throw error;
    }
    const contentType = response.headers['content-type'];
    const retryAfter = response.headers['retry-after'];
    const data = readEnvelope({ status: response.statusCode, contentType, retryAfter, body: response.body }, endpoint, options.token);
    return { data, status: response.statusCode };
  }

  async function get<T>(path: string, endpoint: string, parse: (data: unknown) => T, searchParams?: Record<string, string | number>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        const { data, status } = await send('GET', path, endpoint, { searchParams });
        try {
          return parse(data);
        } catch (error) {
          if (error instanceof PayloadShapeError) throw protocolError(endpoint, status, error, options.token);
          throw error;
        }
      } catch (error) {
        const transient = error instanceof PlatformRequestError && (error.code === 'NETWORK_ERROR' || error.code === 'PLATFORM_BUSY');
        if (!transient || attempt >= getRetries) throw error;
        await sleep(retryDelay(error, attempt));
      }
    }
  }

  function parseTemplateList(data: unknown): { templates: TemplateSummary[]; total: number } {
    if (!isObject(data) || !Array.isArray(data['templates']) || typeof data['total'] !== 'number') {
      throw new PayloadShapeError('data', 'expected {templates: [...], total: N}');
    }
    return { templates: data['templates'].map((raw) => parseTemplateSummary(raw)), total: data['total'] };
  }

  return {
    async listTemplates(opts = {}) {
      const perPage = opts.perPage ?? 100;
      const query = (page: number): Record<string, number> => ({
        page,
        per_page: perPage,
        ...(opts.category === undefined ? {} : { category: opts.category }),
      });
      // Stop by total: the platform answers an out-of-range page with page 1 again (§C.1). Every page
      // must then be as full as `total` promises: a short page would silently lose templates.
      const page = (n: number, total: number | undefined) =>
        get(LIST_PATH, 'GET templates', (data) => {
          const list = parseTemplateList(data);
          const promised = total ?? list.total;
          const expected = Math.min(perPage, Math.max(0, promised - (n - 1) * perPage));
          if (list.templates.length !== expected) {
            throw new PayloadShapeError('data.templates', `page ${n} holds ${list.templates.length} templates, but total ${promised} at ${perPage} per page promises ${expected}`);
          }
          return list;
        }, query(n));
      const first = await page(1, undefined);
      const all = [...first.templates];
      const pages = Math.ceil(first.total / perPage);
      for (let n = 2; n <= pages; n++) all.push(...(await page(n, first.total)).templates);
      return all;
    },

    async getTemplate(tid) {
      if (!Number.isSafeInteger(tid) || tid <= 0) {
        throw new MgeError('usage', 'TEMPLATE_ID_INVALID', `a template id is a positive integer, got ${tid}`);
      }
      const endpoint = `GET templates/${tid}`;
      try {
        return await get(`${LIST_PATH}/${tid}`, endpoint, (data) => {
          if (!isObject(data) || !isObject(data['template'])) throw new PayloadShapeError('data', 'expected {template: {...}}');
          return parseTemplate(data['template']);
        });
      } catch (error) {
        throw templateLookupError(error, tid);
      }
    },

    categoryTree() {
      return get(TREE_PATH, 'GET material/category/tree', parseCategoryTree);
    },

    projects() {
      return get(PROJECTS_PATH, 'GET material/projects/', parseProjects);
    },

    async submitRecord(record, opts) {
      const endpoint = 'POST data/full';
      // A literal query string: got's searchParams option costs measurably on the 10^5-request hot path.
      const path = `${SUBMIT_PATH}?username=${encodeURIComponent(opts.username)}`;
      const payload = typeof record === 'string' ? { body: record } : { json: record };
      const { data, status } = await send('POST', path, endpoint, { ...payload, signal: opts.signal });
      if (typeof data !== 'number' || !Number.isInteger(data)) {
        throw protocolError(endpoint, status, new Error(`expected the new record id (an integer), got ${JSON.stringify(data)}`), options.token);
      }
      return data;
    },
  };
}
