import type { Template } from '../template/template-types.js';
import { checkMapping, type MappingCheck, type MappingSettings } from './check-mapping.js';
import { loadMapping } from './load-mapping.js';
import { mappingInvalidError } from './mapping-problem.js';
import type { MappingSpec } from './mapping-spec.js';

/** A mapping loaded and checked against its template, ready to compile per header. */
export interface PreparedMapping {
  readonly spec: MappingSpec;
  readonly check: MappingCheck;
  /** The mapping text (for the report's mapping fingerprint). */
  readonly text: string;
}

/**
 * Loads a mapping file's text and checks it against its template in one call, as `validate` and
 * `upload` need before reading any row. Throws `MAPPING_YAML_SYNTAX` (and the other load errors) or
 * one `MAPPING_INVALID` holding every problem. The template id to fetch is `templateIdOf(text)`.
 */
export function prepareMapping(text: string, fileName: string, template: Template, settings: MappingSettings = {}): PreparedMapping {
  const { spec } = loadMapping(text, fileName);
  const check = checkMapping(spec, template, settings);
  if (!check.ok) throw mappingInvalidError(fileName, check.problems);
  return { spec, check, text };
}

/** The template id a mapping names, to fetch the template before checking (throws like `loadMapping`). */
export function templateIdOf(text: string, fileName: string): number {
  return loadMapping(text, fileName).spec.template;
}
