import type { SourceHeader } from '../../sources/source-types.js';
import { yamlScalar } from '../../util/yaml-scalar.js';
import type { MappingProblem } from '../mapping-problem.js';
import type { MetaPlan } from './meta-plan.js';
import type { ValuePlan } from './value-plan.js';

/**
 * `MAPPING_META_LITERAL_IS_COLUMN`: a bare `meta` string equal to an input header (`doi: doi` sends
 * "doi") most likely meant the column; a warning, since a title may equal a header. Keyword lists are
 * not checked: keywords name measured properties as often as not.
 */
export function metaLiteralWarnings(plan: MetaPlan, header: SourceHeader): MappingProblem[] {
  const headers = new Set(header.names.map((n) => n.trim()).filter((n) => n !== ''));
  const out: MappingProblem[] = [];
  const check = (value: ValuePlan | undefined, path: string): void => {
    if (value === undefined || value.source.kind !== 'const' || typeof value.source.value !== 'string') return;
    const text = value.source.value.trim();
    if (!headers.has(text)) return;
    out.push({
      code: 'MAPPING_META_LITERAL_IS_COLUMN',
      message: `${path} is the literal text "${text}", which is also a column of the input: write \`{column: ${yamlScalar(text)}}\` to take the cell`,
      line: value.line,
      col: value.col,
      path,
    });
  };
  check(plan.title, 'meta.title');
  check(plan.abstract, 'meta.abstract');
  check(plan.keywords.split, 'meta.keywords');
  check(plan.reference, 'meta.source.reference');
  check(plan.doi, 'meta.doi');
  check(plan.project, 'meta.other_info.project');
  check(plan.subject, 'meta.other_info.subject');
  check(plan.institution, 'meta.institution');
  check(plan.contributor, 'meta.contributor');
  check(plan.public, 'meta.public');
  check(plan.publicDate, 'meta.public_date');
  check(plan.publicRange, 'meta.public_range');
  return out.sort((a, b) => a.line - b.line || a.col - b.col);
}
