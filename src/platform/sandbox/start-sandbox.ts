import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { fixedWindowLimiter } from './fixed-window-limiter.js';
import { listenError } from './listen-error.js';
import { loadSandboxData, type SandboxData } from './load-sandbox-data.js';
import { DEFAULT_CATEGORIES, DEFAULT_KNOWN_FILE_PREFIXES, DEFAULT_KNOWN_FILES, DEFAULT_PROJECTS } from './sandbox-fixtures.js';
import { echoAuthorization } from './echo-authorization.js';
import { createSandboxHandlers, MAX_BODY_BYTES, type Caller, type SandboxHandlers } from './sandbox-handlers.js';
import type { Sandbox, SandboxOptions, SandboxStats, SandboxToken } from './sandbox-options.js';
import { failure, internalError, NOT_FOUND_PAGE, SandboxRejection, success, type SandboxReply } from './sandbox-reply.js';
import { seededRandom } from './seeded-random.js';

const V1 = '/api/v1/storage/o/';
const SUBMIT = '/api/v1.1/storage/o/data/full';
const GET_ONLY = 'GET, HEAD, OPTIONS';

type Route =
  | { readonly kind: 'list' }
  | { readonly kind: 'one'; readonly tid: number }
  | { readonly kind: 'tree' }
  | { readonly kind: 'projects' }
  | { readonly kind: 'submit' }
  | { readonly kind: 'redirect'; readonly to: string }
  | { readonly kind: 'unknown' };

/** Exact paths as Django routes them (docs/platform.md#endpoints), plus the `o/projects/` alias the v2 copy registers. */
function route(path: string): Route {
  if (path === SUBMIT) return { kind: 'submit' };
  if (!path.startsWith(V1)) return { kind: 'unknown' };
  const rest = path.slice(V1.length);
  if (rest === 'templates') return { kind: 'list' };
  const one = /^templates\/(\d+)$/.exec(rest);
  if (one?.[1] !== undefined) return { kind: 'one', tid: Number.parseInt(one[1], 10) };
  if (rest === 'material/category/tree') return { kind: 'tree' };
  if (rest === 'material/projects/' || rest === 'projects/') return { kind: 'projects' };
  // APPEND_SLASH: the slash-less form is redirected (301), not served.
  if (rest === 'material/projects' || rest === 'projects') return { kind: 'redirect', to: `${path}/` };
  return { kind: 'unknown' };
}

function tokenOf(header: string | undefined): string | undefined {
  const parts = header?.trim().split(/\s+/);
  return parts?.length === 2 && parts[0]?.toLowerCase() === 'bearer' ? parts[1] : undefined;
}

function send(res: ServerResponse, reply: SandboxReply): void {
  const headers: Record<string, string | number> = { vary: 'Accept', ...reply.headers };
  let body: string;
  if (reply.json !== undefined) {
    body = JSON.stringify(reply.json);
    headers['content-type'] = 'application/json; charset=utf-8';
  } else {
    body = reply.html ?? '';
    headers['content-type'] = 'text/html; charset=utf-8';
  }
  headers['content-length'] = Buffer.byteLength(body);
  res.writeHead(reply.status, headers);
  res.end(body);
}

const html = (status: number, title: string): SandboxReply => ({
  status,
  html: `<html><head><title>${status} ${title}</title></head><body><center><h1>${status} ${title}</h1></center><hr><center>nginx</center></body></html>`,
});

/**
 * Starts the sandbox platform: the v2 server behavior of docs/platform.md (what docs/sandbox.md lists)
 * on node:http, with seeded fault injection for rehearsals and tests.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const data: SandboxData = options.templates ? { templates: options.templates } : loadSandboxData(options.templatesFile);
  const now = options.now ?? Date.now;
  const tokens = new Map<string, SandboxToken>(
    (options.tokens ?? ['sandbox-token']).map((t) => (typeof t === 'string' ? [t, { token: t }] : [t.token, t])),
  );
  const knownFiles = new Set((options.knownFiles ?? DEFAULT_KNOWN_FILES).map((p) => p.trim().replace(/^\/?media\//, '')));
  const prefixes = options.knownFilePrefixes ?? DEFAULT_KNOWN_FILE_PREFIXES;
  const handlers: SandboxHandlers = createSandboxHandlers({
    templates: data.templates,
    categories: options.categories ?? data.categories ?? DEFAULT_CATEGORIES,
    projects: options.projects ?? data.projects ?? DEFAULT_PROJECTS,
    methodsWidth: options.methodsWidth ?? 'any',
    strictness: options.contentStrictness ?? 'v2',
    fileExists: (path) => knownFiles.has(path) || prefixes.some((prefix) => path.startsWith(prefix)),
    storeFile: options.storeFile,
    firstId: options.firstId ?? 1,
    now,
  });
  const random = seededRandom(options.seed ?? 1);
  const limiter = options.maxRps === undefined ? undefined : fixedWindowLimiter(options.maxRps, now);
  const failRate = options.failRate ?? 0;
  const busyRate = options.busyRate ?? 0;
  const resetRate = options.resetRate ?? 0;
  const commitThenFailRate = options.commitThenFailRate ?? 0;
  const repeatIdRate = options.repeatIdRate ?? 0;
  /**
   * The id of the first record answered with its own id, which `repeatIdRate` answers again for later
   * ones: a proxy replaying an answer it gave, so an id the client has been told before.
   */
  let firstAnsweredId: number | undefined;
  const latencyMs = options.latencyMs ?? 0;
  const retryAfterSeconds = options.retryAfterSeconds ?? 1;
  const retryAfter = (): string =>
    options.retryAfterDate ? new Date(now() + retryAfterSeconds * 1000).toUTCString() : String(retryAfterSeconds);
  let busyLeft = options.busyFirst ?? 0;

  const counts = { requests: 0, stored: 0, rejected: 0, busy: 0, failed: 0, resets: 0 };
  const storedByToken = new Map<string, number>();

  /** One more record stored with `token`; past `expireTokenAfter` the token is no longer accepted. */
  function countTokenUse(token: string): void {
    if (options.expireTokenAfter === undefined) return;
    const used = (storedByToken.get(token) ?? 0) + 1;
    storedByToken.set(token, used);
    if (used < options.expireTokenAfter || !tokens.has(token)) return;
    tokens.delete(token);
    options.onTokenExpired?.(token);
  }
  const byStatus: Record<number, number> = {};

  function answer(res: ServerResponse, reply: SandboxReply, isSubmit: boolean): void {
    byStatus[reply.status] = (byStatus[reply.status] ?? 0) + 1;
    if (reply.status === 429 || reply.status === 503) counts.busy++;
    else if (reply.status >= 500) counts.failed++;
    else if (isSubmit && reply.status >= 400) counts.rejected++;
    send(res, reply);
  }

  /** The random faults, drawn from one seeded sequence: a band per fault kind. */
  function drawFault(): 'fail' | 'busy' | 'reset' | undefined {
    if (failRate + busyRate + resetRate <= 0) return undefined;
    const r = random();
    if (r < failRate) return 'fail';
    if (r < failRate + busyRate) return 'busy';
    if (r < failRate + busyRate + resetRate) return 'reset';
    return undefined;
  }

  /** `busyFirst` answers first, then the seeded random faults. */
  function nextFault(): 'fail' | 'busy' | 'reset' | undefined {
    if (busyLeft <= 0) return drawFault();
    busyLeft -= 1;
    return 'busy';
  }

  async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer, tooLarge: boolean): Promise<void> {
    counts.requests++;
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const target = route(url.pathname);
    const isSubmit = target.kind === 'submit';
    if (latencyMs > 0) await delay(latencyMs);
    if (limiter && !limiter().allowed) return answer(res, { ...html(429, 'Too Many Requests'), headers: { 'retry-after': '1' } }, isSubmit);
    if (target.kind !== 'unknown' && (isSubmit || options.faultsOn === 'all')) {
      const fault = nextFault();
      if (fault === 'fail')
        return answer(res, random() < 0.5 ? html(502, 'Bad Gateway') : html(503, 'Service Temporarily Unavailable'), isSubmit);
      if (fault === 'busy') return answer(res, { ...html(429, 'Too Many Requests'), headers: { 'retry-after': retryAfter() } }, isSubmit);
      if (fault === 'reset') {
        counts.resets++;
        req.socket.destroy();
        return;
      }
    }
    if (target.kind === 'unknown') return answer(res, { status: 404, html: NOT_FOUND_PAGE }, false);
    if (target.kind === 'redirect') return answer(res, { status: 301, html: '', headers: { location: target.to } }, false);

    const token = tokenOf(req.headers.authorization);
    const known = token === undefined ? undefined : tokens.get(token);
    // django-oauth-toolkit: 403, empty text/html body, no hint of why (docs/platform.md#authentication).
    if (!known) return answer(res, { status: 403, html: '' }, isSubmit);
    const allowed = isSubmit ? 'POST, OPTIONS' : GET_ONLY;
    if (!allowed.split(', ').includes(req.method ?? '') || req.method === 'OPTIONS') {
      return answer(res, { status: 405, html: '', headers: { allow: allowed } }, isSubmit);
    }
    const caller: Caller = { owner: known.owner, language: req.headers['accept-language'] };
    const query = Object.fromEntries(url.searchParams.entries());
    try {
      switch (target.kind) {
        case 'list':
          return answer(res, handlers.listTemplates(query, caller), false);
        case 'one':
          return answer(res, handlers.oneTemplate(target.tid), false);
        case 'tree':
          return answer(res, handlers.categoryTree(caller), false);
        case 'projects':
          return answer(res, handlers.projects(), false);
        case 'submit': {
          if (options.echoAuthorization)
            return answer(res, failure(echoAuthorization(options.echoAuthorization, req.headers.authorization ?? '')), true);
          const { reply, record } = handlers.submit(
            req.headers['content-type'],
            body,
            tooLarge,
            url.searchParams.get('username') ?? undefined,
            caller,
          );
          counts.stored++;
          if (token !== undefined) countTokenUse(token);
          // The record is committed; the indexing job that follows may still fail the answer (docs/platform.md#stored-then-500).
          if (commitThenFailRate > 0 && random() < commitThenFailRate) {
            return answer(res, failure(internalError('Error while queueing the search-index task')), true);
          }
          if (repeatIdRate > 0 && firstAnsweredId !== undefined && random() < repeatIdRate)
            return answer(res, success(firstAnsweredId, 201), true);
          firstAnsweredId ??= record?.id;
          return answer(res, reply, true);
        }
      }
    } catch (error) {
      if (error instanceof SandboxRejection) return answer(res, failure(error), isSubmit);
      return answer(res, failure(internalError(error instanceof Error ? error.message : String(error))), isSubmit);
    }
  }

  const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks), size > MAX_BODY_BYTES).catch((error: unknown) => {
        if (!res.headersSent) send(res, failure(internalError(String(error))));
      });
    });
  });
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', (error) => reject(listenError(error, options.port ?? 0, options.host ?? '127.0.0.1')));
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolvePromise());
  });
  const port = (server.address() as AddressInfo).port;
  const host = options.host ?? '127.0.0.1';
  const firstToken = tokens.keys().next().value ?? 'sandbox-token';

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    token: firstToken,
    setTokens: (next) => {
      tokens.clear();
      for (const t of next) tokens.set(typeof t === 'string' ? t : t.token, typeof t === 'string' ? { token: t } : t);
    },
    records: () => handlers.records(),
    stats: (): SandboxStats => ({ ...counts, byStatus: { ...byStatus } }),
    close: () =>
      new Promise<void>((resolvePromise) => {
        server.close(() => resolvePromise());
        server.closeAllConnections();
      }),
  };
}
