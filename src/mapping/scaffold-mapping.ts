import type { SourceHeader } from '../sources/source-types.js';
import type { Field, Template } from '../template/template-types.js';
import { matchHeaders, type HeaderMatching } from './match-headers.js';

/** Options of {@link scaffoldMapping}. */
export interface ScaffoldOptions {
  /** The input's header: fields are matched to its columns. @default undefined (every column left to fill in) */
  readonly header?: SourceHeader;
  /** The input file name, written in the opening comment. */
  readonly inputName?: string;
}

/** Quotes a YAML scalar when a plain one would be read differently. */
function q(text: string): string {
  return /^[\p{L}\p{N}_][\p{L}\p{N}_ .()+\-·/%]*$/u.test(text) && !/^(true|false|null|yes|no|on|off|~)$/i.test(text) && !/^[\d.+-]/.test(text) && !/ #|: /.test(text) && !text.endsWith(' ')
    ? text
    : JSON.stringify(text);
}

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

function lines(f: Field, indent: string, match: HeaderMatching | undefined, out: string[]): void {
  const header = match?.matches.find((m) => m.field === f.name)?.header;
  const comment = `${indent}# ${f.name}: ${describe(f)}`;
  const opt = f.required ? '' : '# ';
  out.push(comment);
  switch (f.type) {
    case 'container':
    case 'generator': {
      out.push(`${indent}${opt}${q(f.name)}:${f.type === 'generator' ? '  # the first option with a value is used' : ''}`);
      for (const child of f.type === 'container' ? f.fields : f.options) {
        const sub: string[] = [];
        lines(child, `${indent}  `, match, sub);
        out.push(...sub.map((l) => (f.required ? l : l.replace(/^(\s*)(?!#)/, '$1# '))));
      }
      return;
    }
    case 'table':
      out.push(`${indent}${opt}${q(f.name)}:`);
      out.push(`${indent}${opt}  rows:   # or fromColumns: {columns: [...], label: ..., value: ...}, or fromRows: {...} with groupBy`);
      out.push(`${indent}${opt}    - ${f.columns.map((c) => `${q(c.name)}: ${c.required ? '{column: FILL_IN}' : '{column: FILL_IN}'}`).join(', ').replace(/^/, '{').replace(/$/, '}')}`);
      return;
    case 'array':
      out.push(`${indent}${opt}${q(f.name)}: ${f.element.type === 'container' || f.element.type === 'generator' || f.element.type === 'table' ? '{items: [FILL_IN]}' : `{column: ${header ? q(header) : 'FILL_IN'}, split: ";"}`}`);
      return;
    default:
      if (header !== undefined) out.push(`${indent}${q(f.name)}: ${q(header)}`);
      else out.push(`${indent}${opt}${q(f.name)}: {column: FILL_IN}`);
  }
}

/**
 * Writes a commented mapping with every template field (type, unit, required, options as comments).
 * With a header, fields are matched to columns; a required field with no column gets the `FILL_IN`
 * placeholder, which `checkMapping` rejects (`MAPPING_PLACEHOLDER`) until the curator fills it in;
 * optional fields without a column are commented out.
 */
export function scaffoldMapping(template: Template, options: ScaffoldOptions = {}): string {
  const match = options.header ? matchHeaders(allFieldNames(template.fields), options.header.names) : undefined;
  const out: string[] = [
    `# Mapping for template ${template.id} (${template.title})${options.inputName ? ` and ${options.inputName}` : ''}.`,
    '# Replace every FILL_IN; uncomment the optional fields you have. Format: docs/mapping.md',
    'version: 1',
    `template: ${template.id}`,
    `templatePubDate: ${JSON.stringify(template.pubDate)}`,
    'input:',
    '  headerRow: 1',
    '# key: [a column that identifies a record]',
    'meta:',
    '  title: FILL_IN            # text; {column} placeholders allowed',
    '  abstract: FILL_IN',
    '  keywords: [FILL_IN]       # or {column: X} split on , ， ; ；',
    '  source: {source: "10", methods: [experiment]}   # "01" needs reference; methods: computation, experiment, production',
    '  public_date: 0',
    '  public_range: 0',
    'content:',
  ];
  for (const f of template.fields) lines(f, '  ', match, out);
  if (match) {
    out.push('');
    out.push(`# Columns not used: ${match.unmatchedHeaders.length === 0 ? '(none)' : match.unmatchedHeaders.map((h) => JSON.stringify(h)).join(', ')}`);
    out.push(`# Fields without a column: ${match.unmatchedFields.length === 0 ? '(none)' : match.unmatchedFields.join(', ')}`);
  }
  return `${out.join('\n')}\n`;
}

/** Top-level and nested field names, for matching (scalar leaves only). */
function allFieldNames(fields: readonly Field[]): { name: string }[] {
  const out: { name: string }[] = [];
  const walk = (f: Field): void => {
    if (f.type === 'container') f.fields.forEach(walk);
    else if (f.type === 'generator') f.options.forEach(walk);
    else if (f.type !== 'table') out.push({ name: f.name });
  };
  fields.forEach(walk);
  return out;
}
