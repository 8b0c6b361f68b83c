import type { Field, Template } from '../../template/template-types.js';
import { displayWidth, padEnd } from './display-width.js';

function typeLabel(field: Field): string {
  switch (field.type) {
    case 'range':
      return field.rangeType === 'interval' ? 'range {lb, ub}' : 'range {val, err}';
    case 'image':
    case 'file':
      return field.multi ? `${field.type} (several)` : field.type;
    case 'array':
      return `array of ${typeLabel(field.element)}`;
    case 'generator':
      return 'generator (one of)';
    default:
      return field.type;
  }
}

function describe(field: Field): string {
  const parts = [typeLabel(field)];
  const unit =
    field.type === 'number' || field.type === 'range'
      ? field.unit
      : field.type === 'array' && (field.element.type === 'number' || field.element.type === 'range')
        ? field.element.unit
        : undefined;
  if (unit) parts.push(`[${unit}]`);
  if (field.required) parts.push('required');
  if (field.type === 'choice') {
    const groups = field.groups.map((g) => `${g.name}: ${g.items.join(', ')}`);
    parts.push(`options: ${[...field.options, ...groups].join(' | ')}`);
  }
  return parts.join('  ');
}

function children(field: Field): readonly Field[] {
  switch (field.type) {
    case 'table':
      return field.columns;
    case 'container':
      return field.fields;
    case 'generator':
      return field.options;
    case 'array':
      return children(field.element);
    default:
      return [];
  }
}

/** `[tree prefix + name, description]` per field, depth first. */
function rows(fields: readonly Field[], prefix: string): [string, string][] {
  return fields.flatMap((field, i): [string, string][] => {
    const last = i === fields.length - 1;
    return [
      [`${prefix}${last ? '└─ ' : '├─ '}${field.name}`, describe(field)],
      ...rows(children(field), `${prefix}${last ? '   ' : '│  '}`),
    ];
  });
}

function lines(fields: readonly Field[]): string[] {
  const all = rows(fields, '');
  const width = Math.max(0, ...all.map(([name]) => displayWidth(name)));
  return all.map(([name, description]) => `${padEnd(name, width)}  ${description}`);
}

/** A template as a curator reads it: its facts, then the field tree with type, unit, required and options. */
export function formatFieldTree(template: Template): string {
  const head = [
    `Template ${template.id}: ${template.title}`,
    `  category   ${template.category} (${template.categoryId})`,
    `  author     ${template.author}${template.username ? ` (${template.username})` : ''}`,
    `  updated    ${template.pubDate}`,
    `  published  ${template.published ? 'yes' : 'no'}`,
    `  records    ${template.refCount}`,
  ];
  if (template.abstract) head.push(`  abstract   ${template.abstract}`);
  return [...head, '', 'Fields:', ...lines(template.fields)].join('\n') + '\n';
}
