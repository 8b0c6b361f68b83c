import type { Json } from './mapper-api.js';

type JsonObject = { readonly [key: string]: Json };
const isObject = (v: Json | undefined): v is JsonObject => v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v);

/** Where the page's keyword text splits: at commas, as the page joins the list (a keyword may hold spaces). */
const SPLIT = /[,，]/;

/** The text the page shows for one keyword: a text or number as it is, a column as `{name}`, a text template as its text. */
function shownItem(item: Json): string | undefined {
  if (typeof item === 'string' || typeof item === 'number') return String(item);
  if (!isObject(item) || Object.keys(item).length !== 1) return undefined;
  if (typeof item['column'] === 'string') return `{${item['column']}}`;
  return typeof item['template'] === 'string' ? item['template'] : undefined;
}

/**
 * The keyword list the page's comma-separated text gives, each item the mapping held kept as it was
 * written: `{column: k}`, shown as `{k}`, stays `{column: k}` (the same record, and the same YAML).
 * One value written alone and left as it was stays alone (a column alone is split at commas in its cell).
 * Undefined: no keyword is left.
 */
export function keywordsFromText(current: Json | undefined, text: string): Json | undefined {
  const typed = text
    .split(SPLIT)
    .map((k) => k.trim())
    .filter((k) => k !== '');
  if (typed.length === 0) return undefined;
  const held: readonly Json[] = Array.isArray(current)
    ? (current as readonly Json[])
    : current === undefined || current === null
      ? []
      : [current];
  const byText = new Map<string, Json>();
  for (const item of held) {
    const shown = shownItem(item);
    if (shown !== undefined && !byText.has(shown)) byText.set(shown, item);
  }
  const list = typed.map((k) => byText.get(k) ?? k);
  return !Array.isArray(current) && current !== undefined && list.length === 1 && list[0] === current ? current : list;
}
