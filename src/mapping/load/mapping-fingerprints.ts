import { canonicalJson } from '../rows/canonical-json.js';
import type { MappingSpec } from './mapping-spec.js';
import type { MethodsWidth } from '../../template/record-types.js';
import { sha256Hex } from '../rows/record-hash.js';
import type { SpecNode } from './spec-node.js';

/** Hex digits kept of a part's sha256: 64 bits, plenty to tell two versions of one part apart. */
const DIGITS = 16;

/**
 * A node as plain data, without positions: comments, blank lines, indentation and quoting leave it
 * unchanged. A number keeps its written form (`01` and `1` may be meant as different texts); a map
 * keeps its order (a table's columns come out in the order written).
 */
function plain(node: SpecNode | undefined): unknown {
  if (node === undefined) return null;
  switch (node.kind) {
    case 'scalar':
      return typeof node.value === 'number' ? { n: node.raw } : node.value;
    case 'seq':
      return node.items.map(plain);
    case 'map':
      return [...node.entries].map(([name, value]) => [name, plain(value)]);
  }
}

/** The fingerprint of one part. */
export function partFingerprint(value: unknown): string {
  return sha256Hex(canonicalJson(value)).slice(0, DIGITS);
}

/**
 * Fingerprints of a parsed mapping per part that shapes records or their identity (`template`, `key`,
 * `groupBy`, `input`, `options` with the effective methods width, each `meta.<key>` and
 * `content.<field>`), so comments and layout change none and a changed part can be named
 * (docs/guarantees.md#mapping-and-template-changes).
 */
export function mappingFingerprints(spec: MappingSpec, effective: { readonly methodsWidth: MethodsWidth }): Record<string, string> {
  const parts: Record<string, string> = {
    template: partFingerprint(spec.template),
    key: partFingerprint(spec.key.map((c) => c.name)),
    groupBy: partFingerprint(spec.groupBy.map((c) => c.name)),
    input: partFingerprint(spec.input),
    options: partFingerprint({ methodsWidth: spec.methodsWidth ?? effective.methodsWidth, decimal: spec.decimal }),
  };
  for (const [name, node] of spec.meta?.entries ?? []) parts[`meta.${name}`] = partFingerprint(plain(node));
  for (const [name, node] of spec.content?.entries ?? []) parts[`content.${name}`] = partFingerprint(plain(node));
  return parts;
}
