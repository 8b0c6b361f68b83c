import { parse } from 'yaml';
import type { Field, Template } from '../template/template-types.js';
import { applyTableEdit, constantValue, TableEditError, typedValue } from './apply-table-edit.js';
import { keywordsFromText } from './keyword-list.js';
import type { Json, MapperEdit } from './mapper-api.js';

type JsonObject = { readonly [key: string]: Json };
const isObject = (v: Json | undefined): v is JsonObject => v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v);

/** Sets an own key, whatever its name: keys are data (a header may be `__proto__`), never the prototype. */
function put(target: Record<string, Json>, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** An edit the mapping cannot take (a path outside the template, a value of the wrong kind): told to the page. */
export class MapperEditError extends Error {}

/** The template field at names from `content` down (containers and generators entered, a table's columns through `fromRows`). */
export function fieldAt(template: Template, names: readonly string[]): Field | undefined {
  let fields: readonly Field[] = template.fields;
  let found: Field | undefined;
  for (const [i, name] of names.entries()) {
    if (found?.type === 'table' && name === 'fromRows' && i < names.length - 1) {
      fields = found.columns;
      continue;
    }
    found = fields.find((f) => f.name === name);
    if (found === undefined) return undefined;
    fields = found.type === 'container' ? found.fields : found.type === 'generator' ? found.options : [];
  }
  return found;
}

function getAt(root: Json, path: readonly string[]): Json | undefined {
  let node: Json | undefined = root;
  for (const name of path) node = isObject(node) && Object.hasOwn(node, name) ? node[name] : undefined;
  return node;
}

/** `root` with the value at `path` replaced (undefined removes it; maps on the way are made). */
function setAt(root: JsonObject, path: readonly string[], value: Json | undefined): JsonObject {
  const [name, ...rest] = path;
  if (name === undefined) return root;
  const child = root[name];
  const next = rest.length === 0 ? value : setAt(isObject(child) ? child : {}, rest, value);
  const out: Record<string, Json> = { ...root };
  if (next === undefined) delete out[name];
  else put(out, name, next);
  return out;
}

/** The parts of a range read from two columns: `[val, err]` or `[lb, ub]`. */
function rangeParts(field: Field): readonly [string, string] | undefined {
  return field.type === 'range' ? (field.rangeType === 'interval' ? ['lb', 'ub'] : ['val', 'err']) : undefined;
}

/** A value with the keys of `changes` set (undefined removes), back to a bare column name when only `column` is left. */
function withKeys(value: JsonObject, changes: { readonly [key: string]: Json | undefined }): Json {
  const out: Record<string, Json> = { ...value };
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) delete out[k];
    else put(out, k, v);
  }
  const keys = Object.keys(out);
  return keys.length === 1 && keys[0] === 'column' && typeof out['column'] === 'string' ? out['column'] : out;
}

/** A one-column value read as `{column: …}` (a bare name is the column). */
const asColumnSpec = (value: Json | undefined): JsonObject | undefined =>
  typeof value === 'string' ? { column: value } : isObject(value) && typeof value['column'] === 'string' ? value : undefined;

function withColumn(current: Json | undefined, field: Field, part: string | undefined, column: string | null): Json | undefined {
  const parts = rangeParts(field);
  const two = parts !== undefined && isObject(current) && Object.hasOwn(current, parts[0]) ? current : undefined;
  if (parts !== undefined && part === parts[1]) {
    const first = two === undefined ? current : two[parts[0]];
    if (first === undefined) throw new MapperEditError(`choose the ${parts[0]} column of "${field.path}" first`);
    if (column === null) return two === undefined ? current : first;
    const unit = asColumnSpec(first)?.['unit'];
    const second: Json = typeof unit === 'string' ? { column, unit } : column;
    const keep = two === undefined ? {} : Object.fromEntries(Object.entries(two).filter(([k]) => k === 'errOptional'));
    return { [parts[0]]: first, [parts[1]]: second, ...keep };
  }
  if (column === null) return undefined;
  if (two !== undefined && parts !== undefined) return { ...two, [parts[0]]: columnOf(two[parts[0]], column) };
  return columnOf(current, column);
}

/** A one-column value reading `column`, its other keys (unit, transforms) kept. */
function columnOf(current: Json | undefined, column: string): Json {
  const spec = asColumnSpec(current);
  return spec === undefined ? column : withKeys(spec, { column });
}

/** A one-column value with its `unit:` set or removed. */
function unitOf(current: Json | undefined, field: Field, unit: string | undefined): Json {
  const spec = asColumnSpec(current);
  if (spec === undefined) throw new MapperEditError(`choose a column for "${field.path}" before its unit`);
  return withKeys(spec, { unit });
}

function withUnit(current: Json | undefined, field: Field, unit: string | undefined): Json {
  const parts = rangeParts(field);
  if (parts !== undefined && isObject(current) && Object.hasOwn(current, parts[0])) {
    const out: Record<string, Json> = { ...current };
    for (const p of parts) if (out[p] !== undefined) out[p] = unitOf(out[p], field, unit);
    return out;
  }
  return unitOf(current, field, unit);
}

function withMapEntry(current: Json | undefined, field: Field, from: string, to: string | null): Json {
  const spec = asColumnSpec(current);
  if (spec === undefined) throw new MapperEditError(`choose a column for "${field.path}" before its values`);
  const map: Record<string, Json> = isObject(spec['map']) ? { ...spec['map'] } : {};
  if (to === null) delete map[from];
  else put(map, from, to);
  return withKeys(spec, { map: Object.keys(map).length === 0 ? undefined : map });
}

/** Field types that take one value (a cell, a constant), not a layout of several. */
const ONE_VALUE = new Set<Field['type']>(['string', 'number', 'range', 'image', 'file', 'choice']);

const filled = (text: string | null): text is string => text !== null && text.trim() !== '';

/** The field's value with one value for every record in place of its column; a blank text: not mapped. */
function withConstant(field: Field, text: string | null): Json | undefined {
  if (!ONE_VALUE.has(field.type)) throw new MapperEditError(`"${field.path}" is a ${field.type}: its parts take the values`);
  return filled(text) ? constantValue(field, text) : undefined;
}

/** A one-column value with what its blank cells give (`default:`) set or removed. */
function withDefault(current: Json | undefined, field: Field, text: string | null): Json {
  const spec = ONE_VALUE.has(field.type) ? asColumnSpec(current) : undefined;
  if (spec === undefined) throw new MapperEditError(`"${field.path}" reads no single column: choose one before what its blank cells give`);
  return withKeys(spec, { default: filled(text) ? typedValue(field, text) : undefined });
}

/** Reads one line (or a few) of YAML the page's text editor sent, bounded. */
function yamlValue(text: string): Json {
  try {
    return (parse(text, { maxAliasCount: 0 }) ?? null) as Json;
  } catch (error) {
    throw new MapperEditError(`not YAML: ${(error as Error).message.split('\n')[0]}`);
  }
}

/**
 * The mapping (as JSON) with one edit of the page applied: a pure function, so that the document is
 * then changed only where the result differs (`syncYamlDocument`).
 * @throws MapperEditError for an edit that names no field of the template or cannot apply.
 */
export function applyMapperEdit(mapping: JsonObject, edit: MapperEdit, template: Template): JsonObject {
  const { path } = edit;
  if (edit.kind === 'set') return setAt(mapping, path, edit.value === null ? undefined : edit.value);
  if (edit.kind === 'yaml') {
    const value = edit.text.trim() === '' ? undefined : yamlValue(edit.text);
    return setAt(mapping, path, value === null ? undefined : value);
  }
  if (edit.kind === 'keywords') return setAt(mapping, path, keywordsFromText(getAt(mapping, path), edit.text));
  const field = path[0] === 'content' ? fieldAt(template, path.slice(1)) : undefined;
  if (field === undefined) throw new MapperEditError(`${path.join('.')} is no field of template ${template.id}`);
  const current = getAt(mapping, path);
  switch (edit.kind) {
    case 'column':
      return setAt(mapping, path, withColumn(current, field, edit.part, edit.column));
    case 'unit':
      return setAt(mapping, path, withUnit(current, field, edit.unit === null || edit.unit.trim() === '' ? undefined : edit.unit.trim()));
    case 'map':
      return setAt(mapping, path, withMapEntry(current, field, edit.from, edit.to));
    case 'constant':
      return setAt(mapping, path, withConstant(field, edit.value));
    case 'default':
      return setAt(mapping, path, withDefault(current, field, edit.value));
    case 'tableSource':
    case 'rowColumn':
    case 'rowRole':
    case 'rowSet':
    case 'arrayColumns':
      try {
        return setAt(mapping, path, applyTableEdit(current, field, edit));
      } catch (error) {
        if (error instanceof TableEditError) throw new MapperEditError(error.message);
        throw error;
      }
    case 'errOptional': {
      if (field.type !== 'range' || field.rangeType !== 'error')
        throw new MapperEditError(`errOptional belongs to a value±error range, not "${field.path}"`);
      const spec = isObject(current) && Object.hasOwn(current, 'val') ? current : asColumnSpec(current);
      if (spec === undefined) throw new MapperEditError(`choose a column for "${field.path}" first`);
      return setAt(mapping, path, withKeys(spec, { errOptional: edit.on ? true : undefined }));
    }
  }
}
