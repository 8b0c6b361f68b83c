import type { Field } from '../template/template-types.js';
import { isObject } from '../util/is-object.js';

type Push = (code: string, field: string, expected: string, found: unknown, message: string) => void;

function isNum(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** `v.trim() === ''`, without trimming the common text that starts with a printable ASCII character. */
export function isBlank(v: string): boolean {
  const first = v.charCodeAt(0);
  return !(first > 32 && first < 127) && v.trim() === '';
}

/** Empty text, an empty array and null count as missing for a required field (stricter than the server). */
export function isMissing(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && isBlank(v)) || (Array.isArray(v) && v.length === 0);
}

/** Field names per field list, computed once per template rather than once per row. */
const namesOf = new WeakMap<readonly Field[], ReadonlySet<string>>();

function names(fields: readonly Field[]): ReadonlySet<string> {
  let set = namesOf.get(fields);
  if (!set) {
    set = new Set(fields.map((f) => f.name));
    namesOf.set(fields, set);
  }
  return set;
}

/** Checks an object's keys against named fields: unknown keys (the platform drops them), then each field. */
export function validateFields(
  fields: readonly Field[],
  value: Record<string, unknown>,
  path: string,
  push: Push,
  valueOnly?: ReadonlySet<Field>,
): void {
  const known = names(fields);
  for (const key of Object.keys(value)) {
    if (!known.has(key))
      push(
        'UNKNOWN_KEY',
        `${path}.${key}`,
        `one of ${fields.map((f) => f.name).join(', ')}`,
        key,
        `"${key}" is not a field here; the platform would drop it`,
      );
  }
  for (const f of fields) {
    const v = Object.prototype.hasOwnProperty.call(value, f.name) ? value[f.name] : undefined;
    validateValue(f, v, `${path}.${f.name}`, push, valueOnly);
  }
}

/** `{val}` alone: a value±error range sent without its error. */
export function isValueOnly(v: Record<string, unknown>): boolean {
  const keys = Object.keys(v);
  return keys.length === 1 && keys[0] === 'val' && isNum(v['val']);
}

/**
 * Checks one value against its field definition, recursively. `valueOnly` holds the value±error
 * fields the mapping lets go without their error (`errOptional`, docs/mapping.md → range): `{val}`
 * alone passes there.
 */
export function validateValue(field: Field, v: unknown, path: string, push: Push, valueOnly?: ReadonlySet<Field>): void {
  if (isMissing(v)) {
    if (field.required) push('REQUIRED_MISSING', path, `a value for required field "${field.path}"`, v, 'a required field has no value');
    else if (v !== undefined)
      push('EMPTY_VALUE', path, 'a value, or the key left out', v, 'an empty optional value is sent as nothing: leave the key out');
    return;
  }
  switch (field.type) {
    case 'string':
      if (typeof v !== 'string') push('NOT_A_STRING', path, 'text', v, 'the value is not text');
      return;
    case 'number':
      if (!isNum(v))
        push('NOT_A_NUMBER', path, `a finite number${field.unit ? ` in ${field.unit}` : ''}`, v, 'the value is not a finite JSON number');
      return;
    case 'range': {
      const keys = field.rangeType === 'interval' ? ['lb', 'ub'] : ['val', 'err'];
      const shape = field.rangeType === 'interval' ? '{lb, ub} numbers with lb ≤ ub' : '{val, err} numbers with err ≥ 0';
      if (isObject(v) && valueOnly?.has(field) === true && isValueOnly(v)) return;
      if (!isObject(v) || Object.keys(v).length !== 2 || !keys.every((k) => isNum(v[k]))) {
        // A value without its error comes from an empty error cell: the mapping can let it go alone.
        const alone = field.rangeType === 'error' && isObject(v) && isValueOnly(v);
        if (alone)
          push(
            'RANGE_SHAPE',
            path,
            // Short enough for the problem table's column (40 characters), which shows `expected`, not the message.
            '{val, err}, or `errOptional: true`',
            v,
            "the value has no error (its error cell is empty): write `errOptional: true` on the field's {val, err} to send the value alone",
          );
        else push('RANGE_SHAPE', path, shape, v, "the range does not have the template's shape");
        return;
      }
      if (field.rangeType === 'interval' && (v['lb'] as number) > (v['ub'] as number))
        push('RANGE_ORDER', path, 'lb ≤ ub', v, 'the lower bound is above the upper bound');
      if (field.rangeType === 'error' && (v['err'] as number) < 0)
        push('RANGE_NEGATIVE_ERROR', path, 'err ≥ 0', v, 'the error is negative');
      return;
    }
    case 'choice':
      if (typeof v !== 'string' || !field.allOptions.includes(v))
        push('CHOICE_NOT_AN_OPTION', path, `one of ${field.allOptions.join(', ')}`, v, 'the value is not an option of the choice');
      return;
    case 'image':
    case 'file': {
      if (!Array.isArray(v)) {
        push(
          'NOT_AN_ARRAY',
          path,
          `a list of platform ${field.type} paths`,
          v,
          'the platform silently drops a path that is not in an array',
        );
        return;
      }
      if (!field.multi && v.length > 1) push('TOO_MANY_FILES', path, `one ${field.type}`, v, `the field takes a single ${field.type}`);
      v.forEach((p, i) => {
        if (typeof p !== 'string' || !p.trim().startsWith('/media/'))
          push(
            'NOT_A_PLATFORM_PATH',
            `${path}[${i}]`,
            'a platform path starting with /media/',
            p,
            'files must already be uploaded to the platform',
          );
      });
      return;
    }
    case 'array':
      if (!Array.isArray(v)) {
        push('NOT_AN_ARRAY', path, 'a list', v, 'the value is not a list');
        return;
      }
      v.forEach((item, i) => validateValue(field.element, item, `${path}[${i}]`, push, valueOnly));
      return;
    case 'table':
      if (!Array.isArray(v)) {
        push('NOT_AN_ARRAY', path, 'a list of rows', v, 'a table is a list of row objects');
        return;
      }
      v.forEach((row, i) => {
        if (!isObject(row)) push('NOT_AN_OBJECT', `${path}[${i}]`, 'a row object', row, 'a table row must be an object');
        else validateFields(field.columns, row, `${path}[${i}]`, push, valueOnly);
      });
      return;
    case 'container':
      if (!isObject(v)) push('NOT_AN_OBJECT', path, 'an object of sub-fields', v, 'a container must be an object');
      else validateFields(field.fields, v, path, push, valueOnly);
      return;
    case 'generator': {
      if (!isObject(v)) {
        push('NOT_AN_OBJECT', path, 'an object with one option', v, 'a generator must be an object');
        return;
      }
      const keys = Object.keys(v);
      if (keys.length !== 1)
        push(
          'GENERATOR_NOT_ONE',
          path,
          `exactly one of ${field.options.map((o) => o.name).join(', ')}`,
          keys.join(', '),
          'a generator holds exactly one option',
        );
      validateFields(field.options, v, path, push, valueOnly);
      return;
    }
  }
}
