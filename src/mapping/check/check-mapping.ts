import type { Template } from '../../template/template-types.js';
import { namedPlans } from './build-field-plan.js';
import type { PlanReport } from './plan-report.js';
import { checkConstants } from './check-constants.js';
import type { NamedPlans } from './field-plan.js';
import type { MappingProblem } from '../mapping-problem.js';
import type { MappingSpec } from '../load/mapping-spec.js';
import type { MethodsWidth } from '../../template/record-types.js';
import { buildMetaPlan, type MetaPlan } from './meta-plan.js';

/** Run settings that change how a mapping is read. */
export interface MappingSettings {
  /** Width of `meta.source.methods`; the mapping's `options.methodsWidth` wins. @default 3 */
  readonly methodsWidth?: MethodsWidth;
}

/** The outcome of checking a mapping against its template: the plans, and every problem found. */
export interface MappingCheck {
  readonly ok: boolean;
  readonly problems: readonly MappingProblem[];
  readonly meta: MetaPlan;
  readonly content: NamedPlans;
  readonly methodsWidth: MethodsWidth;
}

/**
 * Checks a loaded mapping against its template before any row is read: ALL problems at once, each
 * with its line (docs/mapping.md#problems). Columns are checked later against each header.
 */
export function checkMapping(spec: MappingSpec, template: Template, settings: MappingSettings = {}): MappingCheck {
  const problems: MappingProblem[] = [...spec.problems];
  const report: PlanReport = (code, message, pos, path, field, suggestions) => {
    problems.push({
      code,
      message,
      line: pos.line,
      col: pos.col,
      path,
      ...(field === undefined ? {} : { field }),
      ...(suggestions && suggestions.length > 0 ? { suggestions } : {}),
    });
  };
  if (template.id !== spec.template) {
    report(
      'MAPPING_TEMPLATE_MISMATCH',
      `the mapping is written for template ${spec.template}, not ${template.id}`,
      spec.pos,
      'template',
      undefined,
    );
  }
  const width = spec.methodsWidth ?? settings.methodsWidth ?? 3;
  const meta = buildMetaPlan(spec.meta, spec.pos, width, (code, message, pos, path, suggestions) =>
    report(code, message, pos, path, undefined, suggestions),
  );
  let content: NamedPlans = [];
  if (spec.content) content = namedPlans(template.fields, spec.content, 'content', report, true);
  else {
    for (const f of template.fields)
      if (f.required)
        report(
          'MAPPING_REQUIRED_UNMAPPED',
          `required field "${f.path}" is not mapped (the mapping has no content)`,
          spec.pos,
          `content.${f.name}`,
          f.path,
        );
  }
  checkConstants(content, meta, template.id, width, spec.decimal, report);
  problems.sort((a, b) => a.line - b.line || a.col - b.col);
  return { ok: problems.length === 0, problems, meta, content, methodsWidth: width };
}
