import { readFileSync } from 'node:fs';
import { parseTemplate } from '../../src/template/parse-template.js';
import type { Template } from '../../src/template/template-types.js';

const raw = JSON.parse(readFileSync(new URL('../../samples/templates.json', import.meta.url), 'utf8')) as { templates: unknown[] };

/** A template of samples/templates.json by id. */
export function sampleTemplate(id: number): Template {
  const found = raw.templates.find((t) => (t as { id: number }).id === id);
  if (!found) throw new Error(`no template ${id} in samples/templates.json`);
  return parseTemplate(found);
}

/** A sample template with every field made optional, to test one mapping feature at a time. */
export function optionalTemplate(id: number): Template {
  const found = raw.templates.find((t) => (t as { id: number }).id === id);
  const copy = JSON.parse(JSON.stringify(found), (key, value: unknown) => (key === 'r' ? false : value)) as unknown;
  return parseTemplate(copy);
}
