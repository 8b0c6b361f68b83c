import type { IncomingMessage, ServerResponse } from 'node:http';
import { MgeError } from '../../src/errors/mge-error.js';
import { formatError } from '../../src/cli/format-error.js';
import { classifyFailure } from '../../src/platform/classify-failure.js';
import { createPlatformClient } from '../../src/platform/platform-client.js';
import { PlatformRequestError } from '../../src/platform/platform-errors.js';
import { RESPONSE_LIMITS } from '../../src/platform/response-limits.js';
import { manyTemplates } from '../fixtures/many-templates.js';
import { closeServers, serve, streamEndless } from '../helpers/hostile-server.js';

/**
 * Answers as an adversary would (or a broken proxy in front of the platform): endless or oversized
 * bodies, answers that drip for ever, a `total` that lies, ids no platform hands out, the token echoed
 * back in other encodings.
 */
afterAll(() => closeServers());

/** A handler answering `status` without end. */
function endless(status: number) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    req.resume();
    streamEndless(res, status);
  };
}

const envelope = (res: ServerResponse, data: unknown, status = 200): void => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code: 0, msg: 'success', data }));
};

async function failure(promise: Promise<unknown>): Promise<PlatformRequestError> {
  const error = await promise.catch((e: unknown) => e);
  if (!(error instanceof PlatformRequestError)) throw new Error(`expected a PlatformRequestError, got ${String(error)}`);
  return error;
}

const noSleep = async (): Promise<void> => {};

describe('answers cut off at the endpoint limit', () => {
  test('an endless 200 to a GET is a PROTOCOL_ERROR once past the limit, not retried', async () => {
    const url = await serve(endless(200));
    const client = createPlatformClient({ baseUrl: url, token: 'tok-123456', sleep: noSleep });
    const before = process.memoryUsage().rss;
    for (const call of [() => client.categoryTree(), () => client.projects(), () => client.getTemplate(101), () => client.listTemplates()]) {
      const error = await failure(call());
      expect(error.code).toBe('PROTOCOL_ERROR');
      expect(error.failure.status).toBeUndefined();
      expect(classifyFailure(error, 'GET').action).toBe('failed');
    }
    // Four answers cut at 16 MiB each leave the process nowhere near the gigabytes an uncut one reaches.
    expect(process.memoryUsage().rss - before).toBeLessThan(400 * 1024 * 1024);
  });

  test('an endless 201 to the submit is an unknown outcome: the record was sent', async () => {
    let posts = 0;
    const url = await serve((req, res) => {
      posts += 1;
      endless(201)(req, res);
    });
    const client = createPlatformClient({ baseUrl: url, token: 'tok-123456' });
    const error = await failure(client.submitRecord('{"meta":{},"content":{}}', { username: 'u' }));
    expect(error.code).toBe('PROTOCOL_ERROR');
    expect(error.failure).toMatchObject({ requestSent: true, endpoint: 'POST data/full' });
    expect(error.message).toContain('HTTP 201');
    expect(classifyFailure(error).action).toBe('uncertain');
    expect(posts).toBe(1);
  });

  test('a Content-Length past the limit is refused before the body is read', async () => {
    let written = 0;
    const url = await serve((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(RESPONSE_LIMITS.submit + 1) });
      const timer = setInterval(() => {
        if (res.destroyed) return clearInterval(timer);
        written += 1;
        res.write('x');
      }, 20);
    });
    const client = createPlatformClient({ baseUrl: url, token: 'tok-123456' });
    const error = await failure(client.submitRecord('{}', { username: 'u' }));
    expect(error.code).toBe('PROTOCOL_ERROR');
    expect(written).toBeLessThan(5);
  });

  test('an answer that drips for ever ends at the whole-request deadline, not only at an idle timeout', async () => {
    const url = await serve((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(' ')), 50);
    });
    const client = createPlatformClient({ baseUrl: url, token: 'tok-123456', timeoutMs: 400, getRetries: 0 });
    const started = performance.now();
    const error = await failure(client.categoryTree());
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.failure.reason).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('a template list whose pages make no progress', () => {
  test('a total of 10^12 is refused on the first page, not paged through', async () => {
    let requests = 0;
    const url = await serve((req, res) => {
      requests += 1;
      envelope(res, { templates: manyTemplates(100), total: 1e12 });
    });
    const error = await failure(createPlatformClient({ baseUrl: url, token: 'tok-123456' }).listTemplates());
    expect([error.code, requests]).toEqual(['PROTOCOL_ERROR', 1]);
  });

  test('a server answering every page with page 1 stops on page 2', async () => {
    let requests = 0;
    const url = await serve((req, res) => {
      requests += 1;
      envelope(res, { templates: manyTemplates(48).slice(0, 10), total: 250 });
    });
    const error = await failure(createPlatformClient({ baseUrl: url, token: 'tok-123456' }).listTemplates({ perPage: 10 }));
    expect(error.code).toBe('PROTOCOL_ERROR');
    expect(error.message).toMatch(/repeats template/);
    expect(requests).toBe(2);
  });

  test('a negative or fractional total is refused', async () => {
    for (const total of [-1, 2.5]) {
      const url = await serve((req, res) => envelope(res, { templates: [], total }));
      expect((await failure(createPlatformClient({ baseUrl: url, token: 'tok-123456' }).listTemplates())).code).toBe('PROTOCOL_ERROR');
    }
  });
});

describe('ids the platform does not hand out', () => {
  test.each([1e300, -1, 0, 7.5, '7', null])('a submit answered with id %p is a PROTOCOL_ERROR whose outcome is unknown', async (id) => {
    const url = await serve((req, res) => {
      req.resume();
      envelope(res, id, 201);
    });
    const error = await failure(createPlatformClient({ baseUrl: url, token: 'tok-123456' }).submitRecord('{}', { username: 'u' }));
    expect(error.code).toBe('PROTOCOL_ERROR');
    expect(classifyFailure(error).action).toBe('uncertain');
  });

  test('a template, a listed template or a category with such an id is a PROTOCOL_ERROR', async () => {
    const [template] = manyTemplates(1);
    const url = await serve((req, res) => {
      if (req.url?.includes('/templates/7')) return envelope(res, { template: { ...template, id: 8 } });
      if (req.url?.includes('/templates/9')) return envelope(res, { template: { ...template, id: -9 } });
      if (req.url?.includes('/templates')) return envelope(res, { templates: [{ ...template, id: 2 ** 60 }], total: 1 });
      return envelope(res, [{ id: -1, name: 'x', children: [] }]);
    });
    const client = createPlatformClient({ baseUrl: url, token: 'tok-123456', sleep: noSleep });
    for (const call of [() => client.getTemplate(7), () => client.getTemplate(9), () => client.listTemplates(), () => client.categoryTree()]) {
      expect((await failure(call())).code).toBe('PROTOCOL_ERROR');
    }
  });

  test('a template id the caller gives that is no id is a usage error, sent nowhere', async () => {
    let requests = 0;
    const url = await serve((req, res) => {
      requests += 1;
      envelope(res, {});
    });
    const client = createPlatformClient({ baseUrl: url, token: 'tok-123456' });
    for (const tid of [1e300, -1, 0, 1.5]) {
      const error = await client.getTemplate(tid).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MgeError);
      expect(error).toMatchObject({ kind: 'usage', code: 'TEMPLATE_ID_INVALID' });
    }
    expect(requests).toBe(0);
  });
});

describe('the token, echoed back in another encoding', () => {
  // Printable ASCII as a token may be: a quote and a backslash (escaped in JSON), and characters
  // that URL encoding changes.
  const TOKEN = 'tok"en\\with/slash+plus=eq-0815';
  const FORMS = {
    'as sent': TOKEN,
    'JSON-escaped': JSON.stringify(TOKEN).slice(1, -1),
    'JSON-escaped with \\/': JSON.stringify(TOKEN).slice(1, -1).replace(/\//g, '\\/'),
    'URL-encoded': encodeURIComponent(TOKEN),
    base64: Buffer.from(TOKEN).toString('base64'),
    base64url: Buffer.from(TOKEN).toString('base64url'),
  };

  test.each(Object.entries(FORMS))('%s, in an error detail and an HTML page, is scrubbed', async (_form, echoed) => {
    const url = await serve((req, res) => {
      if (req.url?.includes('/templates/')) {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<html>${echoed}</html>`);
        return;
      }
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 500, msg: `for ${echoed}`, error_detail: { header: `x ${echoed} y` } }));
    });
    const client = createPlatformClient({ baseUrl: url, token: TOKEN, getRetries: 0 });
    const [jsonError, htmlError] = [await failure(client.categoryTree()), await failure(client.getTemplate(101))];
    const texts = [jsonError.message, jsonError.failure.detail ?? '', jsonError.failure.platformMessage ?? '', htmlError.message, formatError(jsonError), formatError(htmlError)];
    for (const text of texts) {
      // Also once unescaped: an escape added on the way out must not hide a token that is still there.
      for (const seen of [text, text.replace(/\\(.)/g, '$1')]) for (const form of Object.values(FORMS)) expect(seen).not.toContain(form);
    }
    expect([jsonError.failure.detail, jsonError.failure.platformMessage, htmlError.message].map((t) => t?.includes('[redacted]'))).toEqual([true, true, true]);
  });
});

describe('plain http to another machine', () => {
  test('the client refuses to be created for it unless allowed; this machine is fine', () => {
    const error = (() => {
      try {
        createPlatformClient({ baseUrl: 'http://10.1.2.3:8000', token: 'tok-123456' });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toMatchObject({ kind: 'config', code: 'BASE_URL_INSECURE' });
    expect(() => createPlatformClient({ baseUrl: 'http://10.1.2.3:8000', token: 'tok-123456', allowInsecureHttp: true })).not.toThrow();
    for (const local of ['http://127.0.0.1:1', 'http://[::1]:1', 'http://localhost:1', 'https://10.1.2.3']) {
      expect(() => createPlatformClient({ baseUrl: local, token: 'tok-123456' })).not.toThrow();
    }
  });
});
