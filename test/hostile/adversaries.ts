import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { Adversary } from './hostile-case.js';

/**
 * Answers a platform would never give (or a broken proxy in front of it might): each adversary is
 * the one misbehavior a case is about, never a pretend platform.
 */
const SAMPLES = JSON.parse(readFileSync('samples/templates.json', 'utf8')) as { templates: { id: number }[] };

/** Template 201 of the samples (what `mapping.yaml` names), as the platform serves it. */
export const TEMPLATE_201 = SAMPLES.templates.find((t) => t.id === 201) as { id: number } & Record<string, unknown>;

/** Answers the platform's JSON envelope around `data`. */
export function envelope(res: ServerResponse, data: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code: 0, msg: 'success', data }));
}

/** Answers `status` with a JSON type and a body that never ends: 64 KiB chunks as fast as the client takes them. */
export function endless(status: number): Adversary {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.write('{"code":0,"data":"');
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const pump = (): void => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', pump);
    };
    pump();
  };
}

/** Answers `status` with headers, then one byte every 50 ms, for ever. */
export function drip(status: number): Adversary {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(' ')), 50);
  };
}

/** Never answers. */
export const silent: Adversary = () => {};

/**
 * Serves template 201 as the platform does (so `ingest` gets as far as its uploads) and answers every
 * submit with `submit`.
 */
export function uploadsTo(submit: Adversary): Adversary {
  return (req, res, c) => {
    if (req.method === 'GET' && req.url.includes('/templates/201')) return envelope(res, { template: TEMPLATE_201 });
    if (req.method === 'POST') return submit(req, res, c);
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 404, msg: 'not found' }));
  };
}

/**
 * Template 201 as JSON text, with one more field holding containers nested `depth` deep (built as
 * text: a value that deep cannot be stringified by recursion).
 */
export function deepTemplateText(depth: number): string {
  let field = '{"t":1,"r":false,"misc":{}}';
  for (let i = 0; i < depth; i++) field = `{"t":9,"r":false,"misc":{"_ord":["a"],"a":${field}}}`;
  const content = TEMPLATE_201['content'] as { _ord: string[] };
  const withDeep = JSON.stringify({ ...content, _ord: [...content._ord, 'deep'], deep: '\u0000' }).replace('"\\u0000"', field);
  return JSON.stringify({ ...TEMPLATE_201, content: '\u0000' }).replace('"\\u0000"', withDeep);
}

/** A category tree of one branch `depth` deep, as JSON text. */
export function deepCategoriesText(depth: number): string {
  return `${'[{"id":1,"name":"c","children":'.repeat(depth)}[]${'}]'.repeat(depth)}`;
}
