import type { Field, Template } from '../template/template-types.js';
import { matchHeaders, type HeaderMatching } from './match-headers.js';

/** The fields a single column can fill: every field outside tables and arrays, at any container depth. */
export function columnFields(fields: readonly Field[]): Field[] {
  const out: Field[] = [];
  const walk = (f: Field): void => {
    if (f.type === 'container') f.fields.forEach(walk);
    else if (f.type === 'generator') f.options.forEach(walk);
    else if (f.type !== 'table') out.push(f);
  };
  fields.forEach(walk);
  return out;
}

/** Matches a template's column-fillable fields to a header, for `init --input` to print and scaffold. */
export function matchTemplateHeaders(template: Template, headerNames: readonly string[]): HeaderMatching {
  return matchHeaders(columnFields(template.fields), headerNames);
}
