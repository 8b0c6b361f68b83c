import type { MethodsWidth } from '../template/record-types.js';
import type { Field } from '../template/template-types.js';
import { isMissing, isValueOnly } from './validate-content.js';
import { DOI, KNOWN_META_KEYS, PLACEHOLDER } from './validate-meta.js';
import { isObject } from '../util/is-object.js';

/**
 * The fast answer to "would `validateRecord` find no issue?": the same rules, but without building
 * a field path or an issue, so the common case (a valid row) costs a walk and nothing else. It must
 * never say true where `validateRecord` finds an issue; saying false only sends the row to the full
 * walk, which then reports what is wrong.
 */
export function isValidRecord(
  record: object,
  fields: readonly Field[],
  tid: number,
  width: MethodsWidth,
  valueOnly?: ReadonlySet<Field>,
): boolean {
  let keys = 0;
  for (const key in record) {
    if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
    if (key !== 'meta' && key !== 'content') return false;
    keys++;
  }
  if (keys !== 2) return false;
  const { meta, content } = record as { meta: unknown; content: unknown };
  return isObject(meta) && validMeta(meta, tid, width) && isObject(content) && validFields(fields, content, valueOnly);
}

function isNum(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

function filled(v: unknown): boolean {
  return typeof v === 'string' && v.trim() !== '' && !v.includes(PLACEHOLDER);
}

const SOURCE_KEYS = new Set(['source', 'methods', 'reference']);

function bits(m: string): boolean {
  for (let i = 0; i < m.length; i++) {
    const c = m.charCodeAt(i);
    if (c !== 48 && c !== 49) return false;
  }
  return m.length > 0;
}

function validMeta(meta: Record<string, unknown>, tid: number, width: MethodsWidth): boolean {
  for (const key of Object.keys(meta)) if (!KNOWN_META_KEYS.has(key)) return false;
  if (meta['tid'] !== tid || !filled(meta['title']) || !filled(meta['abstract'])) return false;
  const kw = meta['keywords'];
  if (!Array.isArray(kw) || kw.length === 0) return false;
  for (const k of kw) if (!filled(k) || (k as string).length > 255) return false;
  const source = meta['source'];
  if (!isObject(source)) return false;
  for (const key of Object.keys(source)) if (!SOURCE_KEYS.has(key)) return false;
  const s = source['source'];
  if (s !== '10' && s !== '01') return false;
  const ref = source['reference'];
  if ((s === '01' && !filled(ref)) || (ref !== undefined && typeof ref !== 'string')) return false;
  const m = source['methods'];
  if (typeof m !== 'string' || m.length !== width || !bits(m)) return false;
  const doi = meta['doi'];
  if (doi !== undefined && (typeof doi !== 'string' || doi.length > 255 || !DOI.test(doi))) return false;
  if (meta['institution'] !== undefined && typeof meta['institution'] !== 'string') return false;
  if (meta['contributor'] !== undefined && typeof meta['contributor'] !== 'string') return false;
  const other = meta['other_info'];
  if (other !== undefined) {
    if (!isObject(other)) return false;
    for (const [k, v] of Object.entries(other)) if ((k !== 'project' && k !== 'subject') || typeof v !== 'string') return false;
  }
  if (meta['public'] !== undefined && typeof meta['public'] !== 'boolean') return false;
  const pd = meta['public_date'];
  if (typeof pd !== 'number' || !Number.isInteger(pd) || pd < 0) return false;
  const pr = meta['public_range'];
  return typeof pr === 'number' && Number.isInteger(pr) && pr >= 0 && pr <= 3;
}

/** Field names per field list, once per template. */
const namesOf = new WeakMap<readonly Field[], ReadonlySet<string>>();

function validFields(fields: readonly Field[], value: Record<string, unknown>, valueOnly: ReadonlySet<Field> | undefined): boolean {
  let known = namesOf.get(fields);
  if (!known) {
    known = new Set(fields.map((f) => f.name));
    namesOf.set(fields, known);
  }
  for (const key of Object.keys(value)) if (!known.has(key)) return false;
  for (const f of fields) {
    if (!validValue(f, Object.prototype.hasOwnProperty.call(value, f.name) ? value[f.name] : undefined, valueOnly)) return false;
  }
  return true;
}

function validValue(field: Field, v: unknown, valueOnly: ReadonlySet<Field> | undefined): boolean {
  if (isMissing(v)) return v === undefined && !field.required;
  switch (field.type) {
    case 'string':
      return typeof v === 'string';
    case 'number':
      return isNum(v);
    case 'range': {
      if (isObject(v) && valueOnly?.has(field) === true && isValueOnly(v)) return true;
      if (!isObject(v) || Object.keys(v).length !== 2) return false;
      if (field.rangeType === 'interval') return isNum(v['lb']) && isNum(v['ub']) && v['lb'] <= v['ub'];
      return isNum(v['val']) && isNum(v['err']) && v['err'] >= 0;
    }
    case 'choice':
      return typeof v === 'string' && field.allOptions.includes(v);
    case 'image':
    case 'file': {
      if (!Array.isArray(v) || (!field.multi && v.length > 1)) return false;
      for (const p of v) if (typeof p !== 'string' || !p.trim().startsWith('/media/')) return false;
      return true;
    }
    case 'array':
      if (!Array.isArray(v)) return false;
      for (const item of v) if (!validValue(field.element, item, valueOnly)) return false;
      return true;
    case 'table':
      if (!Array.isArray(v)) return false;
      for (const row of v) if (!isObject(row) || !validFields(field.columns, row, valueOnly)) return false;
      return true;
    case 'container':
      return isObject(v) && validFields(field.fields, v, valueOnly);
    case 'generator':
      return isObject(v) && Object.keys(v).length === 1 && validFields(field.options, v, valueOnly);
    default:
      return true;
  }
}
