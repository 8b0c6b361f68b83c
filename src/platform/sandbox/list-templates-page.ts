import { badData, type SandboxReply, success } from './sandbox-reply.js';

/** A template as served (raw API shape); `_trashed`/`_private` are never served. */
export type RawTemplate = Readonly<Record<string, unknown>>;

/** The list query as the platform reads it: raw strings, present or not (docs/platform.md#listing-templates). */
export type ListQuery = Readonly<Record<string, string | undefined>>;

const INTEGER = /^\s*[+-]?\d+\s*$/;

/**
 * `GET templates` with the v2 quirks of docs/platform.md#listing-templates (out-of-range `page` → 1,
 * `per_page` uncapped, `pub_only` and `meta_only` by presence, `total` the filtered count, newest first).
 */
export function listTemplatesPage(templates: readonly RawTemplate[], query: ListQuery, owner: string | undefined): SandboxReply {
  const perPageText = query['per_page'];
  const perPage = perPageText !== undefined && INTEGER.test(perPageText) ? Number.parseInt(perPageText, 10) : 20;
  if (perPage === 0) throw badData('integer division or modulo by zero');
  if (perPage < 0) throw badData('Negative indexing is not supported.');
  let selected = templates.filter((t) => t['_trashed'] !== true);
  const category = query['category'];
  if (category !== undefined) {
    if (!INTEGER.test(category)) throw badData(`invalid input syntax for type integer: "${category}"`);
    const id = Number.parseInt(category, 10);
    selected = selected.filter((t) => t['category_id'] === id);
  }
  if (query['pub_only'] === undefined) selected = selected.filter((t) => t['published'] === true);
  if (query['private'] && owner !== undefined) selected = selected.filter((t) => t['username'] === owner);
  selected = [...selected].sort((a, b) => String(b['pub_date'] ?? '').localeCompare(String(a['pub_date'] ?? '')));

  const total = selected.length;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const pageText = query['page'];
  const asked = pageText !== undefined && INTEGER.test(pageText) ? Number.parseInt(pageText, 10) : 1;
  const page = asked >= 1 && asked <= pages ? asked : 1;
  const metaOnly = Boolean(query['meta_only']);
  const shown = selected.slice((page - 1) * perPage, page * perPage).map((t) => servedTemplate(t, metaOnly));
  return success({ templates: shown, total });
}

/** The template object as the platform serializes it: internal keys removed, content optional. */
export function servedTemplate(template: RawTemplate, withoutContent = false): Record<string, unknown> {
  const served: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(template)) {
    if (key.startsWith('_')) continue;
    if (withoutContent && key === 'content') continue;
    served[key] = value;
  }
  return served;
}
