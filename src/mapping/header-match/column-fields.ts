import type { Field } from '../../template/template-types.js';

/** A field with the names of the containers (or generator) it sits in, nearest first. */
export interface PlacedField {
  readonly field: Field;
  readonly ancestors: readonly string[];
}

/** The fields below containers and generators, at any depth, that pass `keep`. */
function placedFields(fields: readonly Field[], keep: (f: Field) => boolean): PlacedField[] {
  const out: PlacedField[] = [];
  const walk = (f: Field, ancestors: readonly string[]): void => {
    if (f.type === 'container') f.fields.forEach((c) => walk(c, [f.name, ...ancestors]));
    else if (f.type === 'generator') f.options.forEach((c) => walk(c, [f.name, ...ancestors]));
    else if (keep(f)) out.push({ field: f, ancestors });
  };
  fields.forEach((f) => walk(f, []));
  return out;
}

/** The fields a single column can fill: every field outside tables, at any container or generator depth (arrays whole). */
export function columnFields(fields: readonly Field[]): PlacedField[] {
  return placedFields(fields, (f) => f.type !== 'table');
}

/** Every table of the template, at any container or generator depth, with its ancestors. */
export function tableFields(fields: readonly Field[]): PlacedField[] {
  return placedFields(fields, (f) => f.type === 'table');
}
