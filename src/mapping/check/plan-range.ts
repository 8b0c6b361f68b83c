import type { RangeField } from '../../template/template-types.js';
import { didYouMean } from '../../util/did-you-mean.js';
import type { FieldPlan } from './field-plan.js';
import type { SpecNode } from '../load/spec-node.js';
import { mismatch, type PlanReport } from './plan-report.js';
import { planValue } from './plan-value.js';

/** The key of a two-column value±error range that lets it go without its error (docs/mapping.md → range). */
const ERR_OPTIONAL = 'errOptional';

/** The plan of a range field: an interval {lb, ub} or a value±error {val, err}, from one cell or two. */
export function rangePlan(field: RangeField, node: SpecNode, path: string, report: PlanReport): FieldPlan | undefined {
  const [first, second] = field.rangeType === 'interval' ? ['lb', 'ub'] : ['val', 'err'];
  const [wrong1, wrong2] = field.rangeType === 'interval' ? ['val', 'err'] : ['lb', 'ub'];
  if (node.kind === 'map' && (node.entries.has(wrong1) || node.entries.has(wrong2))) {
    return mismatch(
      field,
      node,
      path,
      report,
      `this range is ${field.rangeType === 'interval' ? 'an interval {lb, ub}' : 'a value±error {val, err}'}: use \`${first}\` and \`${second}\``,
    );
  }
  if (node.kind === 'map' && (node.entries.has(first) || node.entries.has(second))) {
    const a = node.entries.get(first);
    const b = node.entries.get(second);
    if (a && !b && node.entries.has(ERR_OPTIONAL))
      return mismatch(
        field,
        node,
        path,
        report,
        `\`${ERR_OPTIONAL}\` is for an error column that may be empty: name that column as \`err\` (or map the value alone to a number field)`,
      );
    if (!a || !b) return mismatch(field, node, path, report, `a range from two columns needs both \`${first}\` and \`${second}\``);
    const allowed = field.rangeType === 'error' ? [first, second, ERR_OPTIONAL] : [first, second];
    for (const [key, pos] of node.keyPos) {
      if (key === ERR_OPTIONAL && field.rangeType === 'interval')
        report(
          'MAPPING_SHAPE_MISMATCH',
          `"${field.path}" is an interval: \`${ERR_OPTIONAL}\` belongs to a value±error range`,
          pos,
          `${path}.${key}`,
          field.path,
        );
      else if (!allowed.includes(key))
        report(
          'MAPPING_UNKNOWN_TRANSFORM',
          `unknown key "${key}" in a two-column range`,
          pos,
          `${path}.${key}`,
          field.path,
          didYouMean(key, allowed),
        );
    }
    const optional = node.entries.get(ERR_OPTIONAL);
    const errOptional = optional?.kind === 'scalar' && optional.value === true;
    if (optional !== undefined && field.rangeType === 'error' && !(optional.kind === 'scalar' && typeof optional.value === 'boolean')) {
      report('MAPPING_BAD_OPTION', `\`${ERR_OPTIONAL}\` is true or false`, optional, `${path}.${ERR_OPTIONAL}`, field.path);
    }
    const pa = planValue(a, field, `${path}.${first}`, report, []);
    const pb = planValue(b, field, `${path}.${second}`, report, []);
    return pa && pb ? { kind: 'range2', field, a: pa, b: pb, errOptional } : undefined;
  }
  const value = planValue(node, field, path, report, []);
  return value ? { kind: 'range1', field, value } : undefined;
}
