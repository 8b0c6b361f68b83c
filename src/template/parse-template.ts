import { TemplateError } from './template-errors.js';
import { FIELD_TYPE_BY_CODE, type ChoiceGroup, type Field, type Template, type TemplateSummary } from './template-types.js';
import { isObject } from '../util/is-object.js';

type Json = Record<string, unknown>;

function malformed(path: string, message: string, templateId?: number): TemplateError {
  return new TemplateError('TEMPLATE_MALFORMED', `template${templateId === undefined ? '' : ` ${templateId}`}: ${message}`, {
    location: { field: path || '(content)' },
    hint: 'The platform returned a template this tool cannot read; check it in the platform UI.',
  });
}

function childPath(parent: string, name: string): string {
  return parent ? `${parent}.${name}` : name;
}

function stringList(value: unknown, path: string, what: string): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw malformed(path, `${what} must be an array of strings`);
  }
  return value;
}

/**
 * Deepest nesting of fields read (containers, tables, generators, arrays). Real templates nest a few
 * levels; a template nesting thousands deep would otherwise be read by recursion until the stack
 * overflows.
 */
export const MAX_FIELD_DEPTH = 64;

/** Parses the named sub-fields of a container (`_ord`), table (`_head`) or generator (`_opt`). */
function parseNamed(misc: Json, listKey: '_ord' | '_head' | '_opt', path: string, inGenerator: boolean, depth: number): Field[] {
  const names = stringList(misc[listKey], path, `misc.${listKey}`);
  return names.map((name) => {
    if (!(name in misc)) throw malformed(childPath(path, name), `"${name}" is listed in ${listKey} but has no definition`);
    return parseField(name, misc[name], childPath(path, name), inGenerator, depth);
  });
}

function optionalUnit(misc: Json, path: string): string | undefined {
  const unit = misc['unit'];
  if (unit === undefined || unit === null || unit === '') return undefined;
  if (typeof unit !== 'string') throw malformed(path, 'misc.unit must be a string');
  return unit;
}

/**
 * Parses one field definition `{t, r, misc}`. `inGenerator` marks direct generator options, whose `r`
 * the platform ignores (docs/platform.md#field-types); `depth` is the field's nesting (1 at the top).
 */
export function parseField(name: string, definition: unknown, path: string, inGenerator = false, depth = 1): Field {
  if (!isObject(definition)) throw malformed(path, 'a field definition must be an object');
  if (depth > MAX_FIELD_DEPTH) throw malformed(path, `fields nest deeper than ${MAX_FIELD_DEPTH} levels`);
  const code = definition['t'];
  const type = typeof code === 'number' ? FIELD_TYPE_BY_CODE[code] : undefined;
  if (type === undefined) throw malformed(path, `unknown field type code ${JSON.stringify(code)} (expected 1..10)`);
  const rawMisc = definition['misc'] ?? {};
  if (!isObject(rawMisc)) throw malformed(path, 'misc must be an object');
  const misc = rawMisc;
  const required = definition['r'] === true && !inGenerator;
  const base = { name, path, required };
  switch (type) {
    case 'string':
      return { ...base, type };
    case 'number':
      return { ...base, type, unit: optionalUnit(misc, path) };
    case 'range': {
      const rangeType = misc['type'];
      if (rangeType !== 0 && rangeType !== 1) throw malformed(path, 'a range needs misc.type 0 (interval) or 1 (value±error)');
      return { ...base, type, rangeType: rangeType === 0 ? 'interval' : 'error', unit: optionalUnit(misc, path) };
    }
    case 'image':
    case 'file':
      return { ...base, type, multi: misc['multi'] === true };
    case 'choice': {
      const options = misc['opt'] === undefined ? [] : stringList(misc['opt'], path, 'misc.opt');
      const rawGroups = misc['grp'] ?? [];
      if (!Array.isArray(rawGroups)) throw malformed(path, 'misc.grp must be an array');
      const groups: ChoiceGroup[] = rawGroups.map((g, i) => {
        if (!isObject(g) || typeof g['name'] !== 'string') throw malformed(path, `misc.grp[${i}] must be {name, items}`);
        return { name: g['name'], items: stringList(g['items'], path, `misc.grp[${i}].items`) };
      });
      const allOptions = [...options, ...groups.flatMap((g) => g.items)];
      if (allOptions.length === 0) throw malformed(path, 'a choice needs at least one option');
      return { ...base, type, options, groups, allOptions };
    }
    case 'array':
      return { ...base, type, element: parseField(name, misc, `${path}[]`, false, depth + 1) };
    case 'table':
      return { ...base, type, columns: parseNamed(misc, '_head', path, false, depth + 1) };
    case 'container':
      return { ...base, type, fields: parseNamed(misc, '_ord', path, false, depth + 1) };
    case 'generator':
      return { ...base, type, options: parseNamed(misc, '_opt', path, true, depth + 1) };
  }
}

/** Parses a template's `content` schema into its top-level fields. */
export function parseTemplateContent(content: unknown, templateId?: number): Field[] {
  if (!isObject(content)) throw malformed('', 'content must be an object', templateId);
  try {
    return parseNamed(content, '_ord', '', false, 1);
  } catch (error) {
    if (error instanceof TemplateError && templateId !== undefined) {
      throw new TemplateError(error.code, `template ${templateId}: ${error.message.replace(/^template: /, '')}`, {
        location: error.location,
        hint: error.hint,
      });
    }
    throw error;
  }
}

function field<T>(raw: Json, key: string, check: (v: unknown) => v is T, fallback?: T): T {
  const value = raw[key];
  if (check(value)) return value;
  if (fallback !== undefined && (value === undefined || value === null)) return fallback;
  throw malformed(key, `template key "${key}" has an unexpected value ${JSON.stringify(value)}`);
}
const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

/** Parses a template object as listed (content optional). */
export function parseTemplateSummary(raw: unknown): TemplateSummary {
  if (!isObject(raw)) throw malformed('', 'a template must be an object');
  const id = field(raw, 'id', isNumber);
  return {
    id,
    title: field(raw, 'title', isString),
    category: field(raw, 'category', isString, ''),
    categoryId: field(raw, 'category_id', isNumber, 0),
    author: field(raw, 'author', isString, ''),
    abstract: field(raw, 'abstract', isString, ''),
    refCount: field(raw, 'ref_count', isNumber, 0),
    pubDate: field(raw, 'pub_date', isString, ''),
    username: field(raw, 'username', isString, ''),
    published: field(raw, 'published', isBoolean, true),
    public: typeof raw['public'] === 'boolean' ? raw['public'] : undefined,
    fields: raw['content'] === undefined ? undefined : parseTemplateContent(raw['content'], id),
  };
}

/** Parses a full template (content required), as returned by `GET templates/<tid>`. */
export function parseTemplate(raw: unknown): Template {
  const summary = parseTemplateSummary(raw);
  if (summary.fields === undefined) throw malformed('', 'the template has no content', summary.id);
  return { ...summary, fields: summary.fields };
}
