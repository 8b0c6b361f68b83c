import { mappingFingerprints, partFingerprint } from '../mapping/load/mapping-fingerprints.js';
import type { MappingSpec } from '../mapping/load/mapping-spec.js';
import type { MethodsWidth } from '../template/record-types.js';
import type { Template } from '../template/template-types.js';

/** What a run's records are made with, part by part, as its `run` line records it. */
export interface RunFingerprints {
  /** The parsed mapping's parts ({@link mappingFingerprints}). */
  readonly mapping: Readonly<Record<string, string>>;
  /** The definitions of the template fields the mapping fills, by field name. */
  readonly templateFields: Readonly<Record<string, string>>;
}

/**
 * Fingerprints the mapping (part by part) and the template fields it fills: a field the mapping does
 * not use changes no record, so a new optional field is no change; nor is `pub_date` alone, which
 * moves on every edit. Compared with the report's by {@link fingerprintChanges}.
 */
export function runFingerprints(
  spec: MappingSpec,
  template: Template,
  effective: { readonly methodsWidth: MethodsWidth },
): RunFingerprints {
  const byName = new Map(template.fields.map((field) => [field.name, field]));
  const templateFields: Record<string, string> = {};
  for (const name of spec.content?.entries.keys() ?? []) {
    const field = byName.get(name);
    if (field !== undefined) templateFields[name] = partFingerprint(field);
  }
  return { mapping: mappingFingerprints(spec, effective), templateFields };
}
