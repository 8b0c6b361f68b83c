import { setTimeout as delay } from 'node:timers/promises';
import { DEFAULT_SETTINGS, RUN_TUNING } from '../config/settings.js';
import type { PlatformRecord } from '../template/record-types.js';
import { parseTemplate, parseTemplateSummary } from '../template/parse-template.js';
import type { Template, TemplateSummary } from '../template/template-types.js';
import { ConfigError } from '../config/setting-problem.js';
import { TemplateError } from '../template/template-errors.js';
import { isPositiveId } from '../util/positive-id.js';
import { cleartextHost } from '../util/url-safety.js';
import { createTransport, type Send } from './create-transport.js';
import { listAllTemplates } from './list-all-templates.js';
import { PayloadShapeError, parseCategoryTree, parseProjects } from './parse-platform-values.js';
import { PlatformRequestError } from './platform-errors.js';
import type { CategoryNode, Project } from './platform-types.js';
import { redactSecret } from './redact-secret.js';
import { fixedToken, type TokenSource } from './token-source.js';
import { RESPONSE_LIMITS } from './response-limits.js';
import { retryGet, type GetRetryOptions, type RequestPacer } from './retry-get.js';
import { isObject } from '../util/is-object.js';

export interface PlatformClientOptions {
  /** Platform root, e.g. `https://mgedata.example.cn` (the API paths are appended). */
  readonly baseUrl: string;
  /** OAuth access token, sent as `Authorization: Bearer`. Never logged, never in an error. */
  readonly token: string;
  /**
   * Where the token comes from when it may be replaced mid-run (a token file rewritten by a secret
   * store): a request refused for its token is sent once more with the renewed one. @default fixedToken(token)
   */
  readonly tokens?: TokenSource;
  /** Sent as `Accept-Language` when set (`en` for English category names). */
  readonly acceptLanguage?: string | undefined;
  /** Deadline of a whole request, from its start to the answer's last byte, in milliseconds. @default DEFAULT_SETTINGS.timeoutMs (30000) */
  readonly timeoutMs?: number;
  /** @default `mge-ingest/<version>` */
  readonly userAgent?: string;
  /**
   * Allow a plain `http://` base URL of another machine (the token would travel in clear). Without it
   * the client refuses to be created for one. @default false
   */
  readonly allowInsecureHttp?: boolean;
  /** Extra attempts of a GET that failed in a way that may pass (see `retryGet`). @default RUN_TUNING.getRetries (4) */
  readonly getRetries?: number;
  /** Waits between GET attempts (injectable so tests do not wait). @default timers/promises setTimeout */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Epoch ms, to read a `Retry-After` date. @default Date.now */
  readonly clock?: () => number;
  /** Uniform in [0, 1), for the backoff's jitter. @default Math.random */
  readonly random?: () => number;
}

export interface ListTemplatesOptions {
  /** Only templates of this category id (exact match, no descendants). */
  readonly category?: number | undefined;
  /** Page size of the underlying requests. @default 100 */
  readonly perPage?: number;
}

export interface SubmitOptions {
  /** The `?username=` the record is uploaded for (ignored by the platform for user-bound tokens). */
  readonly username: string;
  readonly signal?: AbortSignal | undefined;
}

/** Options of one {@link PlatformClient.getTemplate} call. */
export interface GetTemplateOptions {
  /** Runs each attempt in a platform-wide pace (the upload queue), which a busy answer pauses. @default undefined */
  readonly pacer?: RequestPacer | undefined;
}

/** One typed function per endpoint of the storage API. */
export interface PlatformClient {
  /** Every published template, page after page while the pages make progress (see `listAllTemplates`). */
  listTemplates(opts?: ListTemplatesOptions): Promise<TemplateSummary[]>;
  getTemplate(tid: number, opts?: GetTemplateOptions): Promise<Template>;
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
  return new PlatformRequestError(
    'PROTOCOL_ERROR',
    `the platform's answer has an unexpected shape: ${message}`,
    {
      endpoint,
      status,
      requestSent: true,
      detail: message,
    },
    { hint: 'Check --base-url points at the MGE data platform.' },
  );
}

/**
 * The platform answers a missing and an unpublished template alike with 422/2102
 * (docs/platform.md#one-template); only the untranslated detail tells them apart. Both are template
 * problems of the user's input, not failures.
 */
function templateLookupError(error: unknown, tid: number): unknown {
  if (!(error instanceof PlatformRequestError) || error.failure.platformCode !== 2102) return error;
  const detail = error.failure.detail ?? '';
  const details = { ...error.failure };
  if (/id not exists/.test(detail)) {
    return new TemplateError('TEMPLATE_NOT_FOUND', `template ${tid} does not exist on the platform`, {
      location: { endpoint: error.failure.endpoint },
      hint: 'List the templates with `mge-ingest templates list`.',
      cause: error,
      details,
    });
  }
  if (/not published/.test(detail)) {
    return new TemplateError('TEMPLATE_UNPUBLISHED', `template ${tid} is not published`, {
      location: { endpoint: error.failure.endpoint },
      hint: 'Ask the template owner to publish it, or use a published template.',
      cause: error,
      details,
    });
  }
  return error;
}

/** An id the platform sent, as a positive safe integer, or a shape error naming where it was. */
function platformId(value: unknown, path: string): number {
  if (!isPositiveId(value)) throw new PayloadShapeError(path, `expected an id (a positive integer), got ${JSON.stringify(value)}`);
  return value;
}

/**
 * Creates the platform client over one transport (`createTransport`, `RESPONSE_LIMITS`), GETs retried
 * by `retryGet`, the POST never; a plain `http://` base URL of another machine needs `allowInsecureHttp`.
 * @throws ConfigError `BASE_URL_INSECURE`.
 */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  const cleartext = cleartextHost(options.baseUrl);
  if (cleartext !== undefined && options.allowInsecureHttp !== true) {
    throw new ConfigError('BASE_URL_INSECURE', `refusing to send the token over plain http:// to ${cleartext}`, {
      location: { field: 'MGE_BASE_URL' },
      hint: 'Use https://, or allow it with --allow-insecure-http (MGE_ALLOW_INSECURE_HTTP).',
    });
  }
  const tokens = options.tokens ?? fixedToken(options.token);
  const sendOnce: Send = createTransport({ ...options, tokens, timeoutMs: options.timeoutMs ?? DEFAULT_SETTINGS.timeoutMs });
  // The platform checks the token before anything else (a 401/403 with an empty body): a request it
  // refused for its token stored nothing, so, a POST too, it may go once more with a renewed token.
  const send: Send = async (method, path, endpoint, extra) => {
    const token = tokens.current();
    try {
      return await sendOnce(method, path, endpoint, extra);
    } catch (error) {
      if (!(error instanceof PlatformRequestError) || error.code !== 'TOKEN_REJECTED' || extra.signal?.aborted === true) throw error;
      if ((await tokens.renew(token)) === undefined) throw error;
      return sendOnce(method, path, endpoint, extra);
    }
  };
  const retry: GetRetryOptions = {
    retries: options.getRetries ?? RUN_TUNING.getRetries,
    backoff: RUN_TUNING.backoff,
    sleep: options.sleep ?? ((ms: number) => delay(ms)),
    clock: options.clock ?? Date.now,
    random: options.random ?? Math.random,
  };

  function get<T>(
    path: string,
    endpoint: string,
    maxBytes: number,
    parse: (data: unknown) => T,
    extra: { searchParams?: Record<string, string | number> | undefined; pacer?: RequestPacer | undefined } = {},
  ): Promise<T> {
    return retryGet(
      async () => {
        const { data, status } = await send('GET', path, endpoint, { searchParams: extra.searchParams, maxBytes });
        try {
          return parse(data);
        } catch (error) {
          if (error instanceof PayloadShapeError) throw protocolError(endpoint, status, error, tokens.current());
          throw error;
        }
      },
      { ...retry, pacer: extra.pacer },
    );
  }

  function parseTemplateList(data: unknown): { templates: TemplateSummary[]; total: number } {
    if (!isObject(data) || !Array.isArray(data['templates']) || typeof data['total'] !== 'number') {
      throw new PayloadShapeError('data', 'expected {templates: [...], total: N}');
    }
    const templates = data['templates'].map((raw) => parseTemplateSummary(raw));
    templates.forEach((t, i) => platformId(t.id, `data.templates[${i}].id`));
    return { templates, total: data['total'] };
  }

  return {
    async listTemplates(opts = {}) {
      const perPage = opts.perPage ?? 100;
      const query = (page: number): Record<string, number> => ({
        page,
        per_page: perPage,
        ...(opts.category === undefined ? {} : { category: opts.category }),
      });
      const endpoint = 'GET templates';
      try {
        return await listAllTemplates(
          (n) => get(LIST_PATH, endpoint, RESPONSE_LIMITS.templatePage, parseTemplateList, { searchParams: query(n) }),
          perPage,
        );
      } catch (error) {
        if (error instanceof PayloadShapeError) throw protocolError(endpoint, 200, error, tokens.current());
        throw error;
      }
    },

    async getTemplate(tid, opts = {}) {
      if (!isPositiveId(tid)) {
        throw new TemplateError('TEMPLATE_ID_INVALID', `a template id is a positive integer, got ${JSON.stringify(tid)}`);
      }
      const endpoint = `GET templates/${tid}`;
      try {
        return await get(
          `${LIST_PATH}/${tid}`,
          endpoint,
          RESPONSE_LIMITS.template,
          (data) => {
            if (!isObject(data) || !isObject(data['template'])) throw new PayloadShapeError('data', 'expected {template: {...}}');
            const template = parseTemplate(data['template']);
            if (platformId(template.id, 'data.template.id') !== tid)
              throw new PayloadShapeError('data.template.id', `asked for template ${tid}, got template ${template.id}`);
            return template;
          },
          { pacer: opts.pacer },
        );
      } catch (error) {
        throw templateLookupError(error, tid);
      }
    },

    categoryTree() {
      return get(TREE_PATH, 'GET material/category/tree', RESPONSE_LIMITS.categoryTree, parseCategoryTree);
    },

    projects() {
      return get(PROJECTS_PATH, 'GET material/projects/', RESPONSE_LIMITS.projects, parseProjects);
    },

    async submitRecord(record, opts) {
      const endpoint = 'POST data/full';
      // A literal query string: got's searchParams option costs measurably on the 10^5-request hot path.
      const path = `${SUBMIT_PATH}?username=${encodeURIComponent(opts.username)}`;
      const payload = typeof record === 'string' ? { body: record } : { json: record };
      const { data, status } = await send('POST', path, endpoint, { ...payload, signal: opts.signal, maxBytes: RESPONSE_LIMITS.submit });
      // The record was sent: an answer without a usable id is a protocol error, whose outcome is unknown.
      if (!isPositiveId(data)) {
        throw protocolError(
          endpoint,
          status,
          new Error(`expected the new record id (a positive integer), got ${JSON.stringify(data)}`),
          tokens.current(),
        );
      }
      return data;
    },
  };
}
