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
