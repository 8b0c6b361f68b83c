import type { SourceOptions } from '../sources/source-options.js';
import type { SourceHeader } from '../sources/source-types.js';
import type { Field, Template } from '../template/template-types.js';
import type { HeaderMatching } from './match-headers.js';
import { matchTemplateHeaders } from './match-template-headers.js';

/** Options of {@link scaffoldMapping}. */
export interface ScaffoldOptions {
  /** The input's header: fields are matched to its columns. @default undefined (every column left to fill in) */
  readonly header?: SourceHeader;
  /** The input file name, written in the opening comment. */
  readonly inputName?: string;
  /** How the input is read (sheet, header rows …), written as the mapping's `input:`. @default {} (header row 1) */
  readonly input?: SourceOptions;
}

/** The `input:` section for the reader settings the header was read with. */
function inputSection(options: SourceOptions): string[] {
  const out = ['input:'];
  if (options.sheet !== undefined) out.push(`  sheet: ${typeof options.sheet === 'number' ? options.sheet : JSON.stringify(options.sheet)}`);
  out.push(`  headerRow: ${options.headerRow ?? 1}`);
  if (options.headerRows !== undefined) out.push(`  headerRows: ${options.headerRows}`);
  if (options.dataStartRow !== undefined) out.push(`  dataStartRow: ${options.dataStartRow}`);
  if (options.skipRows !== undefined && options.skipRows.length > 0) out.push(`  skipRows: [${options.skipRows.join(', ')}]`);
  if (options.encoding !== undefined && options.encoding !== 'auto') out.push(`  encoding: ${options.encoding}`);
  if (options.delimiter !== undefined && options.delimiter !== 'auto') out.push(`  delimiter: ${options.delimiter === '\t' ? 'tab' : JSON.stringify(options.delimiter)}`);
  return out;
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

/** The smallest mapping of a field that checks once its FILL_IN placeholders are replaced, as flow YAML. */
function minimal(f: Field, header: string | undefined): string {
  const column = `{column: ${header === undefined ? 'FILL_IN' : q(header)}}`;
  const pick = (fields: readonly Field[]): Field[] => {
    const required = fields.filter((c) => c.required);
    return required.length > 0 ? required : fields.slice(0, 1);
  };
  const object = (fields: readonly Field[]): string => `{${fields.map((c) => `${q(c.name)}: ${minimal(c, undefined)}`).join(', ')}}`;
  switch (f.type) {
    case 'array':
      return ['container', 'generator', 'table', 'array'].includes(f.element.type)
        ? `{items: [${minimal(f.element, undefined)}]}`
        : `{column: ${header === undefined ? 'FILL_IN' : q(header)}, split: ";"}`;
    case 'table':
      return `{rows: [${object(pick(f.columns))}]}`;
    case 'container':
      return object(pick(f.fields));
    case 'generator':
      return object(f.options.slice(0, 1));
    default:
      return column;
  }
}

/** True when a field, or a sub-field of it, was matched to a column. */
function hasMatch(f: Field, match: HeaderMatching | undefined): boolean {
  if (match === undefined) return false;
  if (match.matches.some((m) => m.field === f.name)) return true;
  if (f.type === 'container') return f.fields.some((c) => hasMatch(c, match));
  if (f.type === 'generator') return f.options.some((c) => hasMatch(c, match));
  return false;
}

function lines(f: Field, indent: string, match: HeaderMatching | undefined, out: string[], parentCommented: boolean): void {
  const header = match?.matches.find((m) => m.field === f.name)?.header;
  // An optional field with a column is written active: the curator has the data for it.
  const commented = parentCommented || (!f.required && !hasMatch(f, match));
  const code = `${indent}${commented ? '# ' : ''}`;
  out.push(`${indent}# ${f.name} — ${describe(f)}`);
  if (f.type === 'container' || f.type === 'generator') {
    out.push(`${code}${q(f.name)}:${f.type === 'generator' ? '  # the first option with a value is used' : ''}`);
    for (const child of f.type === 'container' ? f.fields : f.options) lines(child, `${indent}  `, match, out, commented);
    return;
  }
  if (f.type === 'table') {
    out.push(`${indent}# its columns — ${f.columns.map((c) => `${c.name} (${describe(c)})`).join('; ')}`);
    out.push(`${indent}# (or fromColumns {columns, label, value} for column groups, or fromRows with groupBy)`);
  }
  out.push(`${code}${q(f.name)}: ${header !== undefined && f.type !== 'table' && f.type !== 'array' ? q(header) : minimal(f, header)}`);
}

/**
 * Writes a commented mapping with every template field (type, unit, required, options as comments).
 * With a header, fields are matched to columns; a required field with no column gets the `FILL_IN`
 * placeholder, which `checkMapping` rejects (`MAPPING_PLACEHOLDER`) until the curator fills it in;
 * optional fields with a column are active, those without one are commented out.
 */
export function scaffoldMapping(template: Template, options: ScaffoldOptions = {}): string {
  const match = options.header ? matchTemplateHeaders(template, options.header.names) : undefined;
  const out: string[] = [
    `# Mapping for template ${template.id} (${template.title})${options.inputName ? ` and ${options.inputName}` : ''}.`,
    '# Replace every FILL_IN; uncomment the optional fields you have. Format: docs/mapping.md',
    'version: 1',
    `template: ${template.id}`,
    `templatePubDate: ${JSON.stringify(template.pubDate)}`,
    ...inputSection(options.input ?? {}),
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
  for (const f of template.fields) lines(f, '  ', match, out, false);
  if (match) {
    out.push('');
    out.push(`# Columns not used: ${match.unmatchedHeaders.length === 0 ? '(none)' : match.unmatchedHeaders.map((h) => JSON.stringify(h)).join(', ')}`);
    out.push(`# Fields without a column: ${match.unmatchedFields.length === 0 ? '(none)' : match.unmatchedFields.join(', ')}`);
  }
  return `${out.join('\n')}\n`;
}
