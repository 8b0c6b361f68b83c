import type { Field, Template } from './template-types.js';

/** One difference between two versions of a template. */
export interface FieldChange {
  readonly path: string;
  readonly change: 'added' | 'removed' | 'retyped' | 'unit' | 'required' | 'options' | 'rangeType';
  readonly before: string | undefined;
  readonly after: string | undefined;
}

function flatten(fields: readonly Field[]): Map<string, Field> {
  const out = new Map<string, Field>();
  const walk = (f: Field): void => {
    out.set(f.path, f);
    if (f.type === 'container') f.fields.forEach(walk);
    else if (f.type === 'generator') f.options.forEach(walk);
    else if (f.type === 'table') f.columns.forEach(walk);
    else if (f.type === 'array') walk(f.element);
  };
  fields.forEach(walk);
  return out;
}

/**
 * Which fields changed between the template a mapping was written against and the current one:
 * added, removed, a new type, unit, required flag, choice options or range kind.
 */
export function templateFieldChanges(before: Template, after: Template): FieldChange[] {
  const a = flatten(before.fields);
  const b = flatten(after.fields);
  const changes: FieldChange[] = [];
  for (const [path, old] of a) {
    const now = b.get(path);
    if (!now) {
      changes.push({ path, change: 'removed', before: old.type, after: undefined });
      continue;
    }
    if (now.type !== old.type) {
      changes.push({ path, change: 'retyped', before: old.type, after: now.type });
      continue;
    }
    if (old.required !== now.required)
      changes.push({ path, change: 'required', before: String(old.required), after: String(now.required) });
    if ((old.type === 'number' || old.type === 'range') && (now.type === 'number' || now.type === 'range') && old.unit !== now.unit)
      changes.push({ path, change: 'unit', before: old.unit, after: now.unit });
    if (old.type === 'range' && now.type === 'range' && old.rangeType !== now.rangeType)
      changes.push({ path, change: 'rangeType', before: old.rangeType, after: now.rangeType });
    if (old.type === 'choice' && now.type === 'choice' && old.allOptions.join('\u0000') !== now.allOptions.join('\u0000'))
      changes.push({ path, change: 'options', before: old.allOptions.join(', '), after: now.allOptions.join(', ') });
  }
  for (const [path, now] of b) if (!a.has(path)) changes.push({ path, change: 'added', before: undefined, after: now.type });
  return changes;
}
