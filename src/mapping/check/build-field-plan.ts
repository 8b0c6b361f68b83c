import type { ArrayField, Field, TableField } from '../../template/template-types.js';
import { didYouMean } from '../../util/did-you-mean.js';
import type { FieldPlan, NamedPlans } from './field-plan.js';
import type { SpecMap, SpecNode } from '../load/spec-node.js';
import { scalarText } from '../load/spec-node.js';
import type { ValuePlan } from './value-plan.js';
import { extraKeys, mismatch, type PlanReport } from './plan-report.js';
import { rangePlan } from './plan-range.js';
import { checkChoiceTargets, checkUnit, planValue } from './plan-value.js';

const PLACEHOLDER_TEXT = 'FILL_IN';
const DEFAULT_ARRAY_SPLIT = /\s*[,;，；]\s*/;
const DEFAULT_PATH_SPLIT = /\s*[\n,，]\s*/;

/** Builds the plan of one field from its mapping node, reporting every problem found. */
export function buildFieldPlan(field: Field, node: SpecNode, path: string, report: PlanReport): FieldPlan | undefined {
  if (isPlaceholder(node)) {
    report(
      'MAPPING_PLACEHOLDER',
      `"${field.path}" still has the ${PLACEHOLDER_TEXT} placeholder: write the column (or const) it comes from`,
      node,
      path,
      field.path,
    );
    return undefined;
  }
  switch (field.type) {
    case 'string':
    case 'number':
    case 'choice':
    case 'image':
    case 'file': {
      const value = planValue(node, field, path, report, []);
      if (!value) return undefined;
      checkChoiceTargets(field, value, path, report);
      if ((field.type === 'image' || field.type === 'file') && !value.split)
        return { kind: 'value', field, value: { ...value, split: DEFAULT_PATH_SPLIT } };
      return { kind: 'value', field, value };
    }
    case 'range':
      return rangePlan(field, node, path, report);
    case 'array':
      return arrayPlan(field, node, path, report);
    case 'table':
      return tablePlan(field, node, path, report);
    case 'container':
    case 'generator': {
      if (node.kind !== 'map')
        return mismatch(
          field,
          node,
          path,
          report,
          `a ${field.type} is a mapping of its sub-fields (${names(field.type === 'container' ? field.fields : field.options)})`,
        );
      const children = namedPlans(
        field.type === 'container' ? field.fields : field.options,
        node,
        path,
        report,
        field.type === 'container',
      );
      return field.type === 'container' ? { kind: 'container', field, children } : { kind: 'generator', field, children };
    }
  }
}

function isPlaceholder(node: SpecNode): boolean {
  if (node.kind === 'scalar') return node.value === PLACEHOLDER_TEXT;
  if (node.kind === 'map') return [...node.entries.values()].some((v) => v.kind === 'scalar' && v.value === PLACEHOLDER_TEXT);
  return false;
}

function names(fields: readonly Field[]): string {
  return fields.map((f) => f.name).join(', ');
}

/** Sub-field plans of a container, generator or table row; unknown names and unmapped required ones reported. */
export function namedPlans(fields: readonly Field[], node: SpecMap, path: string, report: PlanReport, checkRequired: boolean): NamedPlans {
  const out: [string, FieldPlan][] = [];
  for (const [name, pos] of node.keyPos) {
    if (!fields.some((f) => f.name === name)) {
      report(
        'MAPPING_UNKNOWN_FIELD',
        `the template has no field "${name}" here (fields: ${names(fields)})`,
        pos,
        `${path}.${name}`,
        undefined,
        didYouMean(
          name,
          fields.map((f) => f.name),
        ),
      );
    }
  }
  for (const f of fields) {
    const child = node.entries.get(f.name);
    if (child === undefined || (child.kind === 'scalar' && child.value === null)) {
      if (checkRequired && f.required)
        report('MAPPING_REQUIRED_UNMAPPED', `required field "${f.path}" is not mapped`, node, `${path}.${f.name}`, f.path);
      continue;
    }
    const plan = buildFieldPlan(f, child, `${path}.${f.name}`, report);
    if (plan) out.push([f.name, plan]);
  }
  return out;
}

function arrayPlan(field: ArrayField, node: SpecNode, path: string, report: PlanReport): FieldPlan | undefined {
  const element = field.element;
  const scalarElement =
    element.type === 'string' ||
    element.type === 'number' ||
    element.type === 'choice' ||
    element.type === 'range' ||
    element.type === 'image' ||
    element.type === 'file';
  if (node.kind === 'map' && node.entries.has('columns')) {
    const cols = node.entries.get('columns')!;
    if (cols.kind !== 'seq') return mismatch(field, cols, path, report, '`columns` lists the columns of the elements');
    const items = cols.items
      .map((item, i) => buildFieldPlan(element, item, `${path}.columns[${i}]`, report))
      .filter((p): p is FieldPlan => p !== undefined);
    extraKeys(node, ['columns'], field, path, report);
    return { kind: 'arrayColumns', field, items };
  }
  if (node.kind === 'map' && node.entries.has('items')) {
    const list = node.entries.get('items')!;
    if (list.kind !== 'seq') return mismatch(field, list, path, report, '`items` lists one mapping per element');
    const items = list.items
      .map((item, i) => buildFieldPlan(element, item, `${path}.items[${i}]`, report))
      .filter((p): p is FieldPlan => p !== undefined);
    extraKeys(node, ['items'], field, path, report);
    return { kind: 'arrayColumns', field, items };
  }
  if (node.kind === 'map' && node.entries.has('fromRows')) {
    const each = buildFieldPlan(element, node.entries.get('fromRows')!, `${path}.fromRows`, report);
    extraKeys(node, ['fromRows'], field, path, report);
    return each ? { kind: 'arrayRows', field, element: each } : undefined;
  }
  if (!scalarElement)
    return mismatch(
      field,
      node,
      path,
      report,
      `its elements are ${element.type}s: use \`items: [...]\` (one mapping per element) or \`fromRows:\` (one element per grouped row)`,
    );
  const value = planValue(node, field, path, report, []);
  if (!value) return undefined;
  checkChoiceTargets(element, value, path, report);
  const split = value.split ?? (element.type === 'image' || element.type === 'file' ? DEFAULT_PATH_SPLIT : DEFAULT_ARRAY_SPLIT);
  return { kind: 'arraySplit', field, value: { ...value, split }, defaultSplit: value.split === undefined };
}

function tablePlan(field: TableField, node: SpecNode, path: string, report: PlanReport): FieldPlan | undefined {
  if (node.kind !== 'map')
    return mismatch(field, node, path, report, 'a table needs `rows: [...]`, `fromColumns: {...}` or `fromRows: {...}`');
  if (node.entries.has('rows')) {
    extraKeys(node, ['rows'], field, path, report);
    const rows = node.entries.get('rows')!;
    if (rows.kind !== 'seq') return mismatch(field, rows, path, report, '`rows` lists one mapping of columns per table row');
    const out: NamedPlans[] = [];
    rows.items.forEach((row, i) => {
      if (row.kind !== 'map') mismatch(field, row, `${path}.rows[${i}]`, report, 'each row maps table columns to values');
      else out.push(namedPlans(field.columns, row, `${path}.rows[${i}]`, report, true));
    });
    return { kind: 'tableRows', field, rows: out };
  }
  if (node.entries.has('fromRows')) {
    extraKeys(node, ['fromRows'], field, path, report);
    const row = node.entries.get('fromRows')!;
    if (row.kind !== 'map')
      return mismatch(field, row, path, report, '`fromRows` maps table columns to values, read from each grouped row');
    return { kind: 'tableFromRows', field, row: namedPlans(field.columns, row, `${path}.fromRows`, report, true) };
  }
  if (node.entries.has('fromColumns')) return fromColumnsPlan(field, node, path, report);
  return mismatch(field, node, path, report, 'a table needs `rows: [...]`, `fromColumns: {...}` or `fromRows: {...}`');
}

function fromColumnsPlan(field: TableField, node: SpecMap, path: string, report: PlanReport): FieldPlan | undefined {
  extraKeys(node, ['fromColumns'], field, path, report);
  const spec = node.entries.get('fromColumns')!;
  const p = `${path}.fromColumns`;
  if (spec.kind !== 'map') return mismatch(field, spec, p, report, '`fromColumns` needs `columns`, `label` and `value`');
  extraKeys(spec, ['columns', 'label', 'value', 'unit', 'decimal', 'set'], field, p, report);
  const text = (key: string): string | undefined => {
    const n = spec.entries.get(key);
    return n?.kind === 'scalar' && n.value !== null ? scalarText(n) : undefined;
  };
  const labelName = text('label');
  const valueName = text('value');
  const labelColumn = field.columns.find((c) => c.name === labelName);
  const valueColumn = field.columns.find((c) => c.name === valueName);
  const columnNames = field.columns.map((c) => c.name);
  if (!labelColumn)
    report(
      'MAPPING_UNKNOWN_FIELD',
      `\`label\` must name a column of table "${field.path}" (${columnNames.join(', ')})`,
      spec.entries.get('label') ?? spec,
      `${p}.label`,
      field.path,
      didYouMean(labelName ?? '', columnNames),
    );
  if (!valueColumn)
    report(
      'MAPPING_UNKNOWN_FIELD',
      `\`value\` must name a column of table "${field.path}" (${columnNames.join(', ')})`,
      spec.entries.get('value') ?? spec,
      `${p}.value`,
      field.path,
      didYouMean(valueName ?? '', columnNames),
    );
  const cols = spec.entries.get('columns');
  const cells: { label: string; value: ValuePlan }[] = [];
  const unit = text('unit');
  const decimal = text('decimal');
  const cell = (label: string, column: SpecNode): void => {
    if (column.kind !== 'scalar' || column.value === null) {
      mismatch(field, column, `${p}.columns`, report, 'each entry of `columns` is a column name');
      return;
    }
    cells.push({
      label,
      value: {
        source: { kind: 'column', name: scalarText(column), pos: column },
        default: undefined,
        trim: true,
        regex: undefined,
        map: undefined,
        lookup: undefined,
        split: undefined,
        unit,
        decimal: decimal === ',' || decimal === '.' ? decimal : undefined,
        date: undefined,
        errOptional: false,
        line: column.line,
        col: column.col,
      },
    });
  };
  if (cols?.kind === 'seq') cols.items.forEach((c) => cell(c.kind === 'scalar' ? scalarText(c) : '', c));
  else if (cols?.kind === 'map') for (const [label, c] of cols.entries) cell(label, c);
  else return mismatch(field, cols ?? spec, p, report, '`fromColumns.columns` lists the columns (or maps row labels to columns)');
  const set = spec.entries.get('set');
  const extra = set?.kind === 'map' ? namedPlans(field.columns, set, `${p}.set`, report, false) : [];
  for (const c of field.columns) {
    if (c.required && c !== labelColumn && c !== valueColumn && !extra.some(([n]) => n === c.name)) {
      report(
        'MAPPING_REQUIRED_UNMAPPED',
        `required table column "${c.path}" is not mapped (add it under \`set\`)`,
        spec,
        `${p}.set.${c.name}`,
        c.path,
      );
    }
  }
  if (!labelColumn || !valueColumn) return undefined;
  if (cells[0]) checkUnit(cells[0].value, valueColumn, `${p}`, report);
  if (labelColumn.type !== 'string' && labelColumn.type !== 'choice')
    return mismatch(labelColumn, spec, `${p}.label`, report, 'the label column must be a string or choice');
  return { kind: 'tableColumns', field, labelColumn: labelColumn.name, valueColumn, cells, extra };
}
