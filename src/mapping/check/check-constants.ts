import type { SourceHeader, SourceRow } from '../../sources/source-types.js';
import { validateMeta } from '../../validate/validate-meta.js';
import { validateValue } from '../../validate/validate-content.js';
import type { PlanReport } from './plan-report.js';
import type { CompileEnv } from '../compile/compile-env.js';
import { compileField } from '../compile/compile-field.js';
import { compileMeta } from '../compile/compile-meta.js';
import type { FieldPlan, NamedPlans } from './field-plan.js';
import type { MethodsWidth } from '../../template/record-types.js';
import type { MetaPlan } from './meta-plan.js';
import type { RowContext } from '../compile/row-context.js';
import type { ValuePlan } from './value-plan.js';

// Constants read no cell: they are evaluated once on a row with no cells, by the same code as every row.
const NO_HEADER: SourceHeader = { file: '', sheet: undefined, row: 0, names: [], columns: [] };
const NO_ROW: SourceRow = { header: NO_HEADER, rowNumber: 0, values: [], issues: [] };
const ENV: CompileEnv = { resolve: () => -1, headerUnit: () => undefined, decimal: '.', unitProblem: () => undefined };

function context(): RowContext {
  return { rows: [NO_ROW], row: NO_ROW, problems: [], trace: undefined };
}

function constantOf(plan: FieldPlan): ValuePlan | undefined {
  if ((plan.kind === 'value' || plan.kind === 'range1') && plan.value.source.kind === 'const') return plan.value;
  return undefined;
}

/** Reports a content constant that every row would fail with, mapped and validated as a row would be. */
function checkPlan(plan: FieldPlan, path: string, decimal: '.' | ',', report: PlanReport): void {
  switch (plan.kind) {
    case 'container':
    case 'generator':
      for (const [name, child] of plan.children) checkPlan(child, `${path}.${name}`, decimal, report);
      return;
    case 'tableRows':
      plan.rows.forEach((row, i) => row.forEach(([name, child]) => checkPlan(child, `${path}.rows[${i}].${name}`, decimal, report)));
      return;
    case 'arrayColumns':
      plan.items.forEach((item, i) => checkPlan(item, `${path}.items[${i}]`, decimal, report));
      return;
    default:
      break;
  }
  const value = constantOf(plan);
  // A choice constant is already checked against the options (MAPPING_CHOICE_TARGET_NOT_OPTION).
  if (value === undefined || plan.field.type === 'choice') return;
  const ctx = context();
  const produced = compileField(plan, { ...ENV, decimal })(ctx, path);
  const found: Array<[string, string]> = ctx.problems.map((p) => [p.code, p.expected ?? '']);
  if (ctx.problems.length === 0) validateValue(plan.field, produced, path, (code, _f, expected) => found.push([code, expected]));
  for (const [code, expected] of found) {
    report(
      'MAPPING_BAD_CONSTANT',
      `the constant for "${plan.field.path}" fails every row (${code}: expected ${expected})`,
      value,
      path,
      plan.field.path,
    );
  }
}

/**
 * Constants (and the meta keys written as constants) checked before any row is read, by mapping and
 * validating them with the per-row code: `public: maybe`, `public_date: -1`, an image
 * `{const: "not/a/path"}` are `MAPPING_BAD_CONSTANT` once, with their line, not a problem on every row.
 */
export function checkConstants(
  content: NamedPlans,
  meta: MetaPlan,
  tid: number,
  width: MethodsWidth,
  decimal: '.' | ',',
  report: PlanReport,
): void {
  for (const [name, plan] of content) checkPlan(plan, `content.${name}`, decimal, report);
  const constants = new Map<string, ValuePlan>();
  const keep = (key: string, plan: ValuePlan | undefined): void => {
    if (plan?.source.kind === 'const') constants.set(key, plan);
  };
  keep('meta.public', meta.public);
  keep('meta.public_date', meta.publicDate);
  keep('meta.public_range', meta.publicRange);
  keep('meta.doi', meta.doi);
  if (constants.size === 0) return;
  const ctx = context();
  const built = compileMeta(meta, tid, () => -1)(ctx);
  const found: Array<[string, string, string]> = ctx.problems.map((p) => [p.field ?? '', p.code, p.expected ?? '']);
  validateMeta(built as unknown as Record<string, unknown>, tid, width, (code, field, expected) => found.push([field, code, expected]));
  const reported = new Set<string>();
  for (const [field, code, expected] of found) {
    const plan = constants.get(field);
    if (plan === undefined || reported.has(field)) continue;
    reported.add(field);
    report('MAPPING_BAD_CONSTANT', `${field} fails every record (${code}: expected ${expected})`, plan, field, undefined);
  }
}
