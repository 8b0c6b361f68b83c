import type { Field, TableField } from '../../template/template-types.js';
import type { FieldProposal, MappingProposal, TableProposal } from '../header-match/proposal-types.js';
import { yamlScalar } from '../../util/yaml-scalar.js';

/** Quotes a YAML scalar when a plain one would be read differently (`yamlScalar`). */
export const q = yamlScalar;

function describe(f: Field): string {
  const parts: string[] = [f.type];
  if ((f.type === 'number' || f.type === 'range') && f.unit) parts.push(`unit ${f.unit}`);
  if (f.type === 'range') parts.push(f.rangeType === 'interval' ? 'interval {lb, ub}' : 'value±error {val, err}');
  if (f.type === 'choice') parts.push(`options: ${f.allOptions.join(' | ')}`);
  if ((f.type === 'image' || f.type === 'file') && f.multi) parts.push('several allowed');
  if (f.type === 'array') parts.push(`of ${f.element.type}`);
  if (f.required) parts.push('REQUIRED');
  return parts.join(', ');
}

/** The smallest mapping of a field that checks once its FILL_IN placeholders are replaced, as flow YAML. */
function minimal(f: Field): string {
  const pick = (fields: readonly Field[]): Field[] => {
    const required = fields.filter((c) => c.required);
    return required.length > 0 ? required : fields.slice(0, 1);
  };
  const object = (fields: readonly Field[]): string => `{${fields.map((c) => `${q(c.name)}: ${minimal(c)}`).join(', ')}}`;
  switch (f.type) {
    case 'array':
      return ['container', 'generator', 'table', 'array'].includes(f.element.type)
        ? `{items: [${minimal(f.element)}]}`
        : '{column: FILL_IN, split: ";"}';
    case 'table':
      return `{rows: [${object(pick(f.columns))}]}`;
    case 'container':
      return object(pick(f.fields));
    case 'generator':
      return object(f.options.slice(0, 1));
    default:
      return '{column: FILL_IN}';
  }
}

/** One column as a value spec: the bare header, or `{column, unit}`. */
function columnSpec(header: string, unit: string | undefined): string {
  return unit === undefined ? q(header) : `{column: ${q(header)}, unit: ${q(unit)}}`;
}

/** A matched field's value as YAML lines after `name:` (the first line goes on the key's line). */
function proposalValue(p: FieldProposal): string[] {
  const f = p.field;
  if (f.type === 'range' && p.second !== undefined) {
    const [a, b] = f.rangeType === 'interval' ? ['lb', 'ub'] : ['val', 'err'];
    const optional = p.errOptional ? ', errOptional: true' : '';
    return [` {${a}: ${columnSpec(p.header, p.unit)}, ${b}: ${columnSpec(p.second, p.unit)}${optional}}`];
  }
  // A value±error from one column of single numbers: the value goes alone.
  if (f.type === 'range' && p.errOptional)
    return [` {column: ${q(p.header)}${p.unit === undefined ? '' : `, unit: ${q(p.unit)}`}, errOptional: true}`];
  if (f.type === 'array') return [` {column: ${q(p.header)}, split: ";"${p.unit === undefined ? '' : `, unit: ${q(p.unit)}`}}`];
  if (f.type === 'choice' && p.valueMap.length > 0) {
    const lines = ['', `  column: ${q(p.header)}`];
    const sure = p.valueMap.filter((e) => e.sure);
    lines.push(
      `  ${sure.length === 0 ? '# ' : ''}map:${sure.length === 0 ? '  # no sure option for the values below: uncomment the right ones' : ''}`,
    );
    for (const e of p.valueMap)
      lines.push(`    ${e.sure ? '' : '# '}${q(e.from)}: ${q(e.to)}${e.sure ? '' : `  # ? guess, score ${e.score.toFixed(2)}`}`);
    return lines;
  }
  return [` ${columnSpec(p.header, p.unit)}`];
}

/** A table proposal as YAML lines after `name:`. */
function tableValue(t: TableProposal): string[] {
  const field: TableField = t.field;
  if (t.kind === 'fromColumns') {
    const lines = [
      '',
      '  fromColumns:',
      `    columns: {${t.columns.map(([label, h]) => `${q(label)}: ${q(h)}`).join(', ')}}`,
      `    label: ${q(t.label)}`,
      `    value: ${q(t.value)}`,
    ];
    if (t.unit !== undefined) lines.push(`    unit: ${q(t.unit)}`);
    const extra = field.columns.filter((c) => c.required && c.name !== t.label && c.name !== t.value);
    if (extra.length > 0) lines.push(`    set: {${extra.map((c) => `${q(c.name)}: {const: FILL_IN}`).join(', ')}}`);
    return lines;
  }
  const cells = [
    ...t.cells.map(([c, h], i) => `${q(c)}: ${columnSpec(h, t.units[i])}`),
    ...field.columns.filter((c) => c.required && !t.cells.some(([n]) => n === c.name)).map((c) => `${q(c.name)}: {column: FILL_IN}`),
  ];
  return [` {fromRows: {${cells.join(', ')}}}`];
}

/** What the scaffold knows of each field: the column proposed for it, or the table proposal. */
export interface FieldMatches {
  readonly byField: ReadonlyMap<Field, FieldProposal>;
  readonly byTable: ReadonlyMap<Field, TableProposal>;
}

/** Indexes a proposal by field. */
export function fieldMatches(proposal: MappingProposal | undefined): FieldMatches {
  return {
    byField: new Map((proposal?.fields ?? []).map((p) => [p.field, p])),
    byTable: new Map((proposal?.tables ?? []).map((t) => [t.field, t])),
  };
}

/** True when a field, or a sub-field of it, has a sure match. */
function hasSure(f: Field, m: FieldMatches): boolean {
  if (m.byField.get(f)?.sure === true || m.byTable.get(f)?.sure === true) return true;
  if (f.type === 'container') return f.fields.some((c) => hasSure(c, m));
  if (f.type === 'generator') return f.options.some((c) => hasSure(c, m));
  return false;
}

/** Writes `name:` with the given value lines, commented when asked, with a trailing note on the first line. */
function entry(out: string[], indent: string, commented: boolean, name: string, value: readonly string[], note = ''): void {
  const c = commented ? '# ' : '';
  out.push(`${indent}${c}${q(name)}:${value[0] ?? ''}${note}`);
  for (const line of value.slice(1)) out.push(`${indent}${c}${line}`);
}

/**
 * The lines of one field: a comment saying its type, unit, options and whether it is required; then
 * the field. A sure match is live; a guess is written commented with its score (for a required
 * field, above a live `FILL_IN` line). Optional fields without a sure match are commented out.
 */
export function fieldLines(f: Field, indent: string, m: FieldMatches, out: string[], parentCommented: boolean): void {
  const commented = parentCommented || (!f.required && !hasSure(f, m));
  out.push(`${indent}# ${f.name} — ${describe(f)}`);
  if (f.type === 'container' || f.type === 'generator') {
    out.push(`${indent}${commented ? '# ' : ''}${q(f.name)}:${f.type === 'generator' ? '  # the first option with a value is used' : ''}`);
    for (const child of f.type === 'container' ? f.fields : f.options) fieldLines(child, `${indent}  `, m, out, commented);
    return;
  }
  if (f.type === 'table') {
    out.push(`${indent}# its columns — ${f.columns.map((c) => `${c.name} (${describe(c)})`).join('; ')}`);
    out.push(`${indent}# (or fromColumns {columns, label, value} for column groups, or fromRows with groupBy)`);
  }
  const table = m.byTable.get(f);
  const match = m.byField.get(f);
  const value = table ? tableValue(table) : match ? proposalValue(match) : undefined;
  const sure = table?.sure ?? match?.sure ?? false;
  if (value !== undefined && sure) {
    entry(out, indent, commented, f.name, value, match !== undefined && match.score < 0.995 ? `  # score ${match.score.toFixed(2)}` : '');
    return;
  }
  if (value !== undefined) {
    const why = match?.note === undefined ? '' : `; ${match.note}`;
    entry(
      out,
      indent,
      true,
      f.name,
      value,
      `  # ? guess${match ? `, score ${match.score.toFixed(2)}` : ''}${why}${f.required && !commented ? ': to take it, use it instead of the FILL_IN line below' : ''}`,
    );
    if (!f.required || commented) return;
  }
  entry(out, indent, commented, f.name, [` ${minimal(f)}`]);
}
