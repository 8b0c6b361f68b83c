import type { Field } from '../../template/template-types.js';
import { didYouMean } from '../../util/did-you-mean.js';
import type { SpecMap, SpecNode, SpecPos } from '../load/spec-node.js';

/** Reports a mapping problem at a node; `field` is the template path, `path` the mapping path. */
export type PlanReport = (
  code: string,
  message: string,
  pos: SpecPos,
  path: string,
  field: string | undefined,
  suggestions?: string[],
) => void;

/** Keys that shape a field's mapping (columns, rows, a range's ends…), not transforms of a value. */
export const STRUCTURE_KEYS = ['columns', 'rows', 'fromColumns', 'fromRows', 'items', 'lb', 'ub', 'val', 'err'];

/** Reports every key of `node` that is not one of `allowed`, with the closest allowed one. */
export function extraKeys(node: SpecMap, allowed: readonly string[], field: Field, path: string, report: PlanReport): void {
  for (const [key, pos] of node.keyPos) {
    if (!allowed.includes(key))
      report(
        'MAPPING_UNKNOWN_TRANSFORM',
        `unknown key "${key}" for ${field.type} "${field.path}"`,
        pos,
        `${path}.${key}`,
        field.path,
        didYouMean(key, allowed),
      );
  }
}

/** Reports a mapping whose shape does not fit the field's type; the field then has no plan. */
export function mismatch(field: Field, node: SpecNode, path: string, report: PlanReport, message: string): undefined {
  report('MAPPING_SHAPE_MISMATCH', `"${field.path}" (${field.type}): ${message}`, node, path, field.path);
  return undefined;
}
