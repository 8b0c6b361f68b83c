import { parseTemplate } from '../../src/template/parse-template.js';
import type { Template } from '../../src/template/template-types.js';

/** A field in the platform's shape: its type code, whether it is required and its `misc`. */
export interface FieldDef {
  readonly t: number;
  readonly r?: boolean;
  readonly misc?: Record<string, unknown>;
}

export const str = (r = false): FieldDef => ({ t: 1, r, misc: {} });
export const num = (unit?: string, r = false): FieldDef => ({ t: 2, r, misc: unit === undefined ? {} : { unit } });
export const choice = (opt: string[], r = false): FieldDef => ({ t: 6, r, misc: { opt, grp: [] } });
export const range = (type: 'interval' | 'error', unit?: string, r = false): FieldDef => ({
  t: 3,
  r,
  misc: { type: type === 'interval' ? 0 : 1, ...(unit === undefined ? {} : { unit }) },
});
export const container = (fields: Record<string, FieldDef>): FieldDef => ({
  t: 9,
  r: false,
  misc: { _ord: Object.keys(fields), ...fields },
});
export const table = (columns: Record<string, FieldDef>, r = false): FieldDef => ({
  t: 8,
  r,
  misc: { _head: Object.keys(columns), ...columns },
});

/** A template as the platform sends it (before parsing), from a plain field list: for a templates.json. */
export function platformTemplate(fields: Record<string, FieldDef>, id = 900, title = 't'): Record<string, unknown> {
  return {
    id,
    title,
    category: 'c',
    category_id: 1,
    author: 'a',
    abstract: '',
    ref_count: 0,
    pub_date: '2024-01-01 00:00:00',
    username: 'u',
    published: true,
    content: { _ord: Object.keys(fields), ...fields },
  };
}

/** A template in the platform's shape from a plain field list, parsed. */
export function plainTemplate(fields: Record<string, FieldDef>, id = 900): Template {
  return parseTemplate(platformTemplate(fields, id));
}
