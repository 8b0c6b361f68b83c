import type { Field } from '../../template/template-types.js';
import { badData, internalError, SandboxRejection } from './sandbox-reply.js';
import { isObject } from '../../util/is-object.js';

type Json = Record<string, unknown>;

/** How the sandbox treats values: `v2` is the platform (docs/platform.md#what-the-server-drops); `strict` also rejects type mismatches and unknown keys with 2102. */
export type ContentStrictness = 'v2' | 'strict';

export interface WalkContext {
  readonly strictness: ContentStrictness;
  /** True when a stripped path (`_fs/...`) names an uploaded file. */
  readonly fileExists: (path: string) => boolean;
}

const isFiniteNumber = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);

function strictCheck(field: Field, value: unknown, path: string): void {
  const wrong = (expected: string): never => {
    throw badData(`field "${path}" should be ${expected}`);
  };
  switch (field.type) {
    case 'string':
      if (typeof value !== 'string') wrong('a string');
      break;
    case 'number':
      if (!isFiniteNumber(value)) wrong('a number');
      break;
    case 'range': {
      const keys = field.rangeType === 'interval' ? ['lb', 'ub'] : ['val', 'err'];
      if (!isObject(value) || Object.keys(value).length !== 2 || !keys.every((k) => isFiniteNumber(value[k])))
        wrong(`{${keys.join(', ')}}`);
      break;
    }
    case 'choice':
      if (typeof value !== 'string' || !field.allOptions.includes(value)) wrong(`one of ${field.allOptions.join(', ')}`);
      break;
    case 'image':
    case 'file':
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) wrong('an array of paths');
      break;
    case 'array':
    case 'table':
      if (!Array.isArray(value)) wrong('an array');
      break;
    case 'container':
      if (!isObject(value)) wrong('an object');
      break;
    case 'generator':
      if (!isObject(value) || Object.keys(value).length !== 1) wrong('an object with exactly one option');
      break;
  }
}

function walkValue(field: Field, value: unknown, context: WalkContext, path: string): unknown {
  if (context.strictness === 'strict') strictCheck(field, value, path);
  switch (field.type) {
    case 'string':
    case 'number':
    case 'range':
    case 'choice':
      // v2 stores scalars verbatim: no type, number, option or range-shape check (docs/platform.md#what-the-server-drops).
      return value;
    case 'image':
    case 'file': {
      if (!Array.isArray(value)) return undefined;
      for (const item of value) {
        const stripped = String(item)
          .trim()
          .replace(/^\/?media\//, '');
        if (!context.fileExists(stripped))
          throw new SandboxRejection(422, 2109, 'Cannot find uploaded file', `Cannot find file "${stripped}"`);
      }
      return value;
    }
    case 'array': {
      // The platform iterates whatever it gets: a string by characters, an object by keys; a number crashes.
      let items: unknown[];
      if (Array.isArray(value)) items = value;
      else if (typeof value === 'string') items = [...value];
      else if (isObject(value)) items = Object.keys(value);
      else throw internalError(`'${typeof value === 'number' ? 'int' : typeof value}' object is not iterable`);
      return items.map((item, i) => walkOne(field.element, item, context, `${path}[${i}]`)).filter((v) => v !== undefined);
    }
    case 'table': {
      if (!Array.isArray(value)) throw internalError(`'${typeof value}' object is not iterable`);
      return value.map((row, i) => {
        if (!isObject(row)) throw internalError(`'${typeof row}' object has no attribute 'get'`);
        return walkFields(field.columns, row, context, `${path}[${i}]`);
      });
    }
    case 'container':
    case 'generator': {
      if (!isObject(value)) throw internalError(`'${typeof value}' object has no attribute 'get'`);
      return walkFields(field.type === 'container' ? field.fields : field.options, value, context, path);
    }
  }
}

function walkOne(field: Field, value: unknown, context: WalkContext, path: string): unknown {
  if (value === undefined || value === null) {
    // Only the bare name goes into the message, not the path (docs/platform.md#what-the-server-drops).
    if (field.required) throw badData(`field "${field.name}" is missing`);
    return undefined;
  }
  return walkValue(field, value, context, path);
}

function walkFields(fields: readonly Field[], content: Json, context: WalkContext, parentPath: string): Json {
  const stored: Json = {};
  for (const field of fields) {
    const value = walkOne(field, content[field.name], context, parentPath ? `${parentPath}.${field.name}` : field.name);
    if (value !== undefined) stored[field.name] = value;
  }
  if (context.strictness === 'strict') {
    const known = new Set(fields.map((f) => f.name));
    const unknown = Object.keys(content).find((key) => !known.has(key));
    if (unknown !== undefined) throw badData(`field "${parentPath ? `${parentPath}.${unknown}` : unknown}" is not in the template`);
  }
  return stored;
}

/**
 * What the v2 platform stores of a record's `content` (docs/platform.md#what-the-server-drops): unknown
 * keys dropped, a missing required field 2102, an unknown file 2109, a shape it chokes on 500.
 */
export function walkContent(fields: readonly Field[], content: Json, context: WalkContext): Json {
  return walkFields(fields, content, context, '');
}
