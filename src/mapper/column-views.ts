import type { ColumnProfile } from '../mapping/header-match/column-profile.js';
import { cellText } from '../mapping/header-match/column-profile.js';
import type { CellValue } from '../sources/source-types.js';
import type { ColumnView, Json } from './mapper-api.js';

type JsonObject = { readonly [key: string]: Json };
const isObject = (v: Json | undefined): v is JsonObject => v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v);

/** Keys whose values are constants or found text, never a column. */
const NOT_COLUMNS = new Set([
  'const',
  'map',
  'lookup',
  'default',
  'unit',
  'split',
  'regex',
  'date',
  'decimal',
  'label',
  'value',
  'errOptional',
  'trim',
]);
/** A text template's placeholders: `{name}` and `{name?}`, `{{` `}}` being braces. */
const PLACEHOLDER = /(?<!\{)\{([^{}]+?)\??\}(?!\})/g;

/**
 * The headers a value names and where: every text of a `content` value outside constants and value
 * maps (a column's name, written bare or as `column:`, `columns:`, a range's parts, `fromRows`); in
 * `meta` only `{column: …}` and the placeholders of text templates, since a bare text there is text.
 */
function namedIn(value: Json | undefined, inMeta: boolean, out: Set<string>): void {
  if (typeof value === 'string') {
    if (!inMeta) out.add(value);
    for (const m of value.matchAll(PLACEHOLDER)) out.add(m[1]!);
  } else if (Array.isArray(value)) value.forEach((v: Json) => namedIn(v, inMeta, out));
  else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'column' || k === 'template') namedIn(v, false, out);
      else if (k === 'columns' && isObject(v)) Object.values(v).forEach((c) => namedIn(c, false, out));
      else if (!NOT_COLUMNS.has(k)) namedIn(v, inMeta, out);
    }
  }
}

/** The columns of the input with a sample value each, and which fields and settings of the mapping name them now. */
export function columnViews(
  names: readonly string[],
  rows: readonly (readonly CellValue[])[],
  profiles: ReadonlyMap<string, ColumnProfile>,
  mapping: JsonObject,
): ColumnView[] {
  const users = new Map<string, string[]>();
  const use = (where: string, value: Json | undefined, inMeta: boolean): void => {
    const found = new Set<string>();
    namedIn(value, inMeta, found);
    for (const name of found) users.set(name, [...(users.get(name) ?? []), where]);
  };
  const content = isObject(mapping['content']) ? mapping['content'] : {};
  for (const [name, value] of Object.entries(content)) use(name, value, false);
  const meta = isObject(mapping['meta']) ? mapping['meta'] : {};
  for (const [name, value] of Object.entries(meta)) use(`meta.${name}`, value, true);
  use('key', mapping['key'], false);
  use('groupBy', mapping['groupBy'], false);
  return names.map((name, i) => {
    const first = rows.find((r) => cellText(r[i] ?? null) !== '');
    return {
      name,
      sample: first === undefined ? '' : cellText(first[i] ?? null),
      filled: profiles.get(name)?.filled ?? 0,
      usedBy: users.get(name) ?? [],
    };
  });
}
