import type { FieldPlan, NamedPlans } from '../check/field-plan.js';
import type { Field } from '../../template/template-types.js';

/**
 * The value±error fields a mapping lets go without their error (`errOptional: true`, on two columns or one cell), for the
 * validator: `{val}` alone passes there (docs/mapping.md → range).
 */
export function valueOnlyRanges(plans: NamedPlans): ReadonlySet<Field> {
  const out = new Set<Field>();
  const walk = (plan: FieldPlan): void => {
    switch (plan.kind) {
      case 'range2':
        if (plan.errOptional) out.add(plan.field);
        return;
      case 'range1':
        if (plan.value.errOptional) out.add(plan.field);
        return;
      case 'arrayColumns':
        plan.items.forEach(walk);
        return;
      case 'arrayRows':
        walk(plan.element);
        return;
      case 'tableRows':
        for (const row of plan.rows) for (const [, child] of row) walk(child);
        return;
      case 'tableColumns':
        for (const [, child] of plan.extra) walk(child);
        return;
      case 'tableFromRows':
        for (const [, child] of plan.row) walk(child);
        return;
      case 'container':
      case 'generator':
        for (const [, child] of plan.children) walk(child);
        return;
      default:
        return;
    }
  };
  for (const [, plan] of plans) walk(plan);
  return out;
}
