import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { isMgeError } from '../errors/mge-error.js';
import { MapperEditError } from './apply-mapper-edit.js';
import type { MapperSession } from './mapper-session.js';
import { MAPPER_PAGE_HTML, MAPPER_PAGE_STYLE } from './mapper-page.js';
import { parseMapperEdits } from './parse-mapper-edits.js';

/**
 * Nothing but this server's own script, style and answers: no inline script, no other origin, no
 * frame, no form posting elsewhere. The page draws everything from the JSON it fetches.
 */
export const MAPPER_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Largest request body: a batch of edits is a few KiB. */
const MAX_BODY = 1024 * 1024;
const COOKIE = 'mge_mapper';

/** Options of {@link startMapperServer}. */
export interface MapperServerOptions {
  /** 0 takes a free port. */
  readonly port: number;
  /** Where the page's compiled scripts are. @default the `page/` folder beside this module */
  readonly pageDir?: string;
  /** Told of an error that is the program's own (a 500), for the log. @default undefined */
  readonly onError?: (error: unknown) => void;
}

export interface MapperServer {
  /** The address to open once, with the one-time token: `http://127.0.0.1:PORT/?token=…`. */
  readonly url: string;
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  close(): Promise<void>;
}

const same = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The page's compiled scripts, by name (`mapper-app.js`): read once, served from memory. */
function pageScripts(dir: string): Map<string, string> {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => /^[a-z][a-z0-9-]*\.js$/.test(n));
  } catch {
    // No compiled page (the sources run under a test): the API is still served.
  }
  return new Map(names.map((n) => [n, readFileSync(`${dir}/${n}`, 'utf8')]));
}

function cookieOf(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new MapperEditError('the request is too large');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new MapperEditError('the request is not JSON');
  }
}

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': type,
    'content-security-policy': MAPPER_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    ...headers,
  });
  res.end(body);
}

const json = (res: ServerResponse, status: number, value: unknown): void =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value ?? null));
const refuse = (res: ServerResponse, why: string): void => send(res, 403, 'text/plain; charset=utf-8', `${why}\n`);

/**
 * Serves the mapping page on 127.0.0.1 only. A request is answered only when its `Host` is this
 * server's own address (a page of another site that rebinds its name to 127.0.0.1 is refused), and,
 * but for the one-time link, only with the cookie that link set: the token works once, then the
 * cookie (HttpOnly, SameSite=Strict) carries the session. Posts must come from the page's own origin.
 */
export async function startMapperServer(session: MapperSession, options: MapperServerOptions): Promise<MapperServer> {
  const token = randomBytes(24).toString('base64url');
  const secret = randomBytes(24).toString('base64url');
  let tokenUsed = false;
  const scripts = pageScripts(options.pageDir ?? fileURLToPath(new URL('./page/', import.meta.url)));
  let hosts: readonly string[] = [];

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!hosts.includes(req.headers.host ?? '')) return refuse(res, 'refused: this server answers only to its own address');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/' && url.searchParams.has('token')) {
      if (tokenUsed || !same(url.searchParams.get('token') ?? '', token))
        return refuse(res, 'refused: this link was used already or is not the one the mapper printed; restart the mapper for a new one');
      tokenUsed = true;
      return send(res, 303, 'text/plain; charset=utf-8', '', {
        location: '/',
        'set-cookie': `${COOKIE}=${secret}; HttpOnly; SameSite=Strict; Path=/`,
      });
    }
    const cookie = cookieOf(req);
    if (cookie === undefined || !same(cookie, secret)) return refuse(res, 'refused: open the page through the link the mapper printed');
    if (req.method === 'POST') {
      const origin = req.headers.origin;
      if (origin !== undefined && !hosts.some((h) => origin === `http://${h}`)) return refuse(res, 'refused: a post from another origin');
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return refuse(res, 'refused: posts are JSON');
    }
    const key = `${req.method ?? ''} ${url.pathname}`;
    if (key === 'GET /') return send(res, 200, 'text/html; charset=utf-8', MAPPER_PAGE_HTML);
    if (key === 'GET /app/mapper.css') return send(res, 200, 'text/css; charset=utf-8', MAPPER_PAGE_STYLE);
    const script = req.method === 'GET' && url.pathname.startsWith('/app/') ? scripts.get(url.pathname.slice(5)) : undefined;
    if (script !== undefined) return send(res, 200, 'text/javascript; charset=utf-8', script);
    // Browsers ask for an icon unprompted: nothing to give.
    if (key === 'GET /favicon.ico') return send(res, 204, 'text/plain; charset=utf-8', '');
    if (key === 'GET /api/state') return json(res, 200, session.state());
    if (key === 'GET /api/counts') return json(res, 200, session.counts());
    if (key === 'POST /api/edit') return json(res, 200, await session.edit(parseMapperEdits(await readBody(req))));
    if (key === 'POST /api/save') {
      await readBody(req);
      return json(res, 200, await session.save());
    }
    return send(res, 404, 'text/plain; charset=utf-8', 'not found\n');
  };

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (error instanceof MapperEditError) return json(res, 400, { error: error.message });
      if (isMgeError(error) && error.kind !== 'internal')
        return json(res, 409, { error: error.message, code: error.code, hint: error.hint });
      options.onError?.(error);
      json(res, 500, { error: 'the mapper failed on this request: see its log' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
