import type { FieldPlan, NamedPlans } from '../../src/mapping/check/field-plan.js';
import type { ValuePlan } from '../../src/mapping/check/value-plan.js';

const columnOf = (v: ValuePlan): string[] => (v.source.kind === 'column' ? [v.source.name] : []);

function planColumns(plan: FieldPlan): string[] {
  switch (plan.kind) {
    case 'value':
    case 'range1':
    case 'arraySplit':
      return columnOf(plan.value);
    case 'range2':
      return [...columnOf(plan.a), ...columnOf(plan.b)];
    case 'arrayColumns':
      return plan.items.flatMap(planColumns);
    case 'arrayRows':
      return planColumns(plan.element);
    case 'tableRows':
      return plan.rows.flatMap((row) => row.flatMap(([, p]) => planColumns(p)));
    case 'tableColumns':
      return [...plan.cells.flatMap((c) => columnOf(c.value)), ...plan.extra.flatMap(([, p]) => planColumns(p))];
    case 'tableFromRows':
      return plan.row.flatMap(([, p]) => planColumns(p));
    case 'container':
    case 'generator':
      return [];
  }
}

/**
 * The live header → field path pairs of a checked mapping, as the mapping checker reads them: a
 * column named under a table counts for the table (for its own table column when the table reads
 * grouped rows, `fromRows`), one under a container for its own field.
 */
export function liveColumns(content: NamedPlans): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (plans: NamedPlans): void => {
    for (const [, plan] of plans) {
      if (plan.kind === 'container' || plan.kind === 'generator') walk(plan.children);
      else if (plan.kind === 'tableFromRows')
        for (const [name, cell] of plan.row) for (const column of planColumns(cell)) out.set(column, `${plan.field.path}.${name}`);
      else for (const column of planColumns(plan)) out.set(column, plan.field.path);
    }
  };
  walk(content);
  return out;
}
