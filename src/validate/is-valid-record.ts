import type { MethodsWidth } from '../template/record-types.js';
import type { Field } from '../template/template-types.js';
import { isBlank, isMissing, isValueOnly } from './validate-content.js';
import { DOI, KNOWN_META_KEYS, PLACEHOLDER } from './validate-meta.js';
import { isObject } from '../util/is-object.js';
import { fixedKeysPicker, fixedKeysTest } from '../util/fixed-keys.js';

/**
 * The fast "would `validateRecord` find no issue?": the same rules without paths or issues, compiled
 * once per template into one check per field. Never true where the full walk finds an issue; false
 * only sends the row there. ARCHITECTURE.md → "The map + validate stage (`src/pipeline`)".
 */
export function isValidRecord(
  record: object,
  fields: readonly Field[],
  tid: number,
  width: MethodsWidth,
  valueOnly?: ReadonlySet<Field>,
): boolean {
  return recordCheck(fields, tid, width, valueOnly)(record);
}

type Check = (v: unknown) => boolean;
type ObjectCheck = (v: Record<string, unknown>) => boolean;
type RecordCheck = (record: object) => boolean;

interface CompiledCheck {
  readonly tid: number;
  readonly width: MethodsWidth;
  readonly valueOnly: ReadonlySet<Field> | undefined;
  readonly check: RecordCheck;
}

/**
 * Whether `Object.prototype` has no enumerable key (~5 ns): only then does `for…in` over a plain or
 * null-prototype object list exactly `Object.keys`, which the fast checks rely on.
 */
function plainPrototypeIsClean(): boolean {
  for (const _ in Object.prototype) return false;
  return true;
}

/** Whether the fast checks read an object with `for…in` (else with `Object.keys` and `Object.hasOwn`). */
function hasPlainPrototype(o: object): boolean {
  const p: unknown = Object.getPrototypeOf(o);
  return p === Object.prototype || p === null;
}

/** Compiled checks per field list, for each `tid`, width and value-only set they were asked with. */
const compiled = new WeakMap<readonly Field[], CompiledCheck[]>();
/**
 * Checks kept per field list: a run compiles each input's mapping anew (a new value-only set of the
 * same fields each time), so the list is searched by the sets' members and kept short.
 */
const KEPT_CHECKS = 8;

function sameFields(a: ReadonlySet<Field> | undefined, b: ReadonlySet<Field> | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.size !== b.size) return false;
  for (const f of a) if (!b.has(f)) return false;
  return true;
}

/** The check asked for last, with what it was asked with: a run asks for the same one row after row. */
let last:
  { fields: readonly Field[]; tid: number; width: MethodsWidth; given: ReadonlySet<Field> | undefined; check: RecordCheck } | undefined;

function recordCheck(fields: readonly Field[], tid: number, width: MethodsWidth, given: ReadonlySet<Field> | undefined): RecordCheck {
  if (last !== undefined && last.fields === fields && last.tid === tid && last.width === width && last.given === given) return last.check;
  const check = compiledCheck(fields, tid, width, given);
  last = { fields, tid, width, given, check };
  return check;
}

function compiledCheck(fields: readonly Field[], tid: number, width: MethodsWidth, given: ReadonlySet<Field> | undefined): RecordCheck {
  const valueOnly = given === undefined || given.size === 0 ? undefined : given;
  let list = compiled.get(fields);
  if (list === undefined) compiled.set(fields, (list = []));
  const found = list.find((c) => c.tid === tid && c.width === width && sameFields(c.valueOnly, valueOnly));
  if (found !== undefined) return found.check;
  const content = fieldsCheck(fields, valueOnly);
  const check: RecordCheck = (record) => {
    // Own enumerable keys only, meta and content, both there; any other kind of record takes the full walk.
    if (!plainPrototypeIsClean() || !hasPlainPrototype(record)) return false;
    let keys = 0;
    for (const key in record) {
      if (key !== 'meta' && key !== 'content') return false;
      keys++;
    }
    if (keys !== 2) return false;
    const { meta, content: value } = record as { meta: unknown; content: unknown };
    return isObject(meta) && validMeta(meta, tid, width) && isObject(value) && content(value);
  };
  if (list.length === KEPT_CHECKS) list.shift();
  list.push({ tid, width, valueOnly, check });
  return check;
}

function isNum(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

function filled(v: unknown): boolean {
  return typeof v === 'string' && !isBlank(v) && !v.includes(PLACEHOLDER);
}

const SOURCE_KEYS = new Set(['source', 'methods', 'reference']);

function bits(m: string): boolean {
  for (let i = 0; i < m.length; i++) {
    const c = m.charCodeAt(i);
    if (c !== 48 && c !== 49) return false;
  }
  return m.length > 0;
}

/** True when every own enumerable key of an object is in `known` (the full walk's unknown-key rule). */
function knownKeysCheck(known: ReadonlySet<string>): ObjectCheck {
  const isKnown = fixedKeysTest([...known]);
  return (o) => {
    if (hasPlainPrototype(o)) {
      for (const key in o) if (!isKnown(key)) return false;
      return true;
    }
    return Object.keys(o).every(isKnown);
  };
}

const knownMetaKeysOnly = knownKeysCheck(KNOWN_META_KEYS);
const knownSourceKeysOnly = knownKeysCheck(SOURCE_KEYS);

function validMeta(meta: Record<string, unknown>, tid: number, width: MethodsWidth): boolean {
  if (!knownMetaKeysOnly(meta)) return false;
  if (meta['tid'] !== tid || !filled(meta['title']) || !filled(meta['abstract'])) return false;
  const kw = meta['keywords'];
  if (!Array.isArray(kw) || kw.length === 0) return false;
  for (const k of kw) if (!filled(k) || (k as string).length > 255) return false;
  const source = meta['source'];
  if (!isObject(source) || !knownSourceKeysOnly(source)) return false;
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

/**
 * An object of named fields: each field's check, then its enumerable keys must all be fields with a
 * value, as many as found, so no field is inherited or hidden. Values come through a compiled picker
 * ({@link fixedKeysPicker}); another prototype, or a getter's re-entry, goes through `Object.keys`.
 */
function fieldsCheck(fields: readonly Field[], valueOnly: ReadonlySet<Field> | undefined): ObjectCheck {
  const names = fields.map((f) => f.name);
  const checks = fields.map((f) => valueCheck(f, valueOnly));
  const absentOk = fields.map((f) => !f.required);
  const pick = fixedKeysPicker(names);
  const isField = fixedKeysTest(names);
  const general = (value: Record<string, unknown>): boolean => {
    let present = 0;
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      if (!Object.hasOwn(value, name)) {
        if (!absentOk[i]) return false;
        continue;
      }
      present++;
      if (!checks[i]!(value[name])) return false;
    }
    const keys = Object.keys(value);
    for (const key of keys) if (!isField(key) || value[key] === undefined) return false;
    return keys.length === present;
  };
  // One array for the values of every object checked: a field's own check never runs this same
  // check again (a template's fields are a tree), and a getter that does takes the general path.
  const values: unknown[] = new Array<unknown>(names.length);
  let busy = false;
  const fast = (value: Record<string, unknown>): boolean => {
    const present = pick(value, values);
    if (present < 0) return general(value);
    let keys = 0;
    for (const key in value) {
      if (!isField(key) || value[key] === undefined) return false;
      keys++;
    }
    if (keys !== present) return false;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === undefined) {
        if (!absentOk[i]) return false;
      } else if (!checks[i]!(v)) return false;
    }
    return true;
  };
  return (value) => {
    if (busy) return general(value);
    busy = true;
    try {
      return fast(value);
    } finally {
      busy = false;
    }
  };
}

/** A field's value: missing is fine only when absent from an optional field; else the rules of its type. */
function valueCheck(field: Field, valueOnly: ReadonlySet<Field> | undefined): Check {
  const given = typeCheck(field, valueOnly);
  const absentOk = !field.required;
  return (v) => (isMissing(v) ? v === undefined && absentOk : given(v));
}

function typeCheck(field: Field, valueOnly: ReadonlySet<Field> | undefined): Check {
  switch (field.type) {
    case 'string':
      return (v) => typeof v === 'string';
    case 'number':
      return isNum;
    case 'range': {
      const alone = valueOnly?.has(field) === true;
      if (field.rangeType === 'interval')
        return (v) =>
          isObject(v) &&
          ((alone && isValueOnly(v)) || (Object.keys(v).length === 2 && isNum(v['lb']) && isNum(v['ub']) && v['lb'] <= v['ub']));
      return (v) =>
        isObject(v) && ((alone && isValueOnly(v)) || (Object.keys(v).length === 2 && isNum(v['val']) && isNum(v['err']) && v['err'] >= 0));
    }
    case 'choice': {
      const options = new Set(field.allOptions);
      return (v) => typeof v === 'string' && options.has(v);
    }
    case 'image':
    case 'file': {
      const multi = field.multi;
      return (v) => {
        if (!Array.isArray(v) || (!multi && v.length > 1)) return false;
        for (const p of v) if (typeof p !== 'string' || !p.trim().startsWith('/media/')) return false;
        return true;
      };
    }
    case 'array': {
      const element = valueCheck(field.element, valueOnly);
      return (v) => {
        if (!Array.isArray(v)) return false;
        for (const item of v) if (!element(item)) return false;
        return true;
      };
    }
    case 'table': {
      const row = fieldsCheck(field.columns, valueOnly);
      return (v) => {
        if (!Array.isArray(v)) return false;
        for (const r of v) if (!isObject(r) || !row(r)) return false;
        return true;
      };
    }
    case 'container': {
      const fields = fieldsCheck(field.fields, valueOnly);
      return (v) => isObject(v) && fields(v);
    }
    case 'generator': {
      const options = fieldsCheck(field.options, valueOnly);
      return (v) => isObject(v) && Object.keys(v).length === 1 && options(v);
    }
    default:
      return () => true;
  }
}
