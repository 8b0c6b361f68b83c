import { elementOf } from '../mapping/header-match/element-symbols.js';
import type { Field, TableField } from '../template/template-types.js';
import { splitHeaderUnit } from '../util/normalize-name.js';
import type { Json, MapperEdit } from './mapper-api.js';

type JsonObject = { readonly [key: string]: Json };
const isObject = (v: Json | undefined): v is JsonObject => v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v);

/** The edits of a table's rows and an array's columns: what {@link applyTableEdit} takes. */
export type TableEdit = Extract<MapperEdit, { kind: 'tableSource' | 'rowColumn' | 'rowRole' | 'rowSet' | 'arrayColumns' }>;

/** An edit the field cannot take: its message is told to the page. */
export class TableEditError extends Error {}

/** Table columns that can take a row's label: text or a choice. */
export const labelColumns = (table: TableField): Field[] => table.columns.filter((c) => c.type === 'string' || c.type === 'choice');

/** The label a column's row gets when the curator gives none: the element its header names (`Mn (wt.%)` → Mn), else its name without the unit. */
export function defaultLabel(header: string): string {
  return elementOf(header) ?? (splitHeaderUnit(header).base || header);
}

/** A plain decimal number (`650`, `-1.5e-3`): text the page sends for a number field becomes a number only then. */
const PLAIN_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** A value typed on the page for a field: a number field's plain number as a number, else the text trimmed. */
export function typedValue(field: Field, text: string): Json {
  const trimmed = text.trim();
  return field.type === 'number' && PLAIN_NUMBER.test(trimmed) ? Number(trimmed) : trimmed;
}

/** A constant as docs/mapping.md writes it: a number bare (`650`), text as `{const: 空气}` (bare text names a column). */
export function constantValue(field: Field, text: string): Json {
  const value = typedValue(field, text);
  return typeof value === 'number' ? value : { const: value };
}

/** The text of a constant written bare (a number, true/false) or as `{const: x}` alone; undefined for anything else. */
export function constantText(value: Json | undefined): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (!isObject(value) || Object.keys(value).length !== 1) return undefined;
  const inner = value['const'];
  return typeof inner === 'string' || typeof inner === 'number' || typeof inner === 'boolean' ? String(inner) : undefined;
}

/** `fromColumns.columns` as [label, header] pairs, whether written as a list (the label is the header) or a map. */
export function rowColumnsOf(spec: Json | undefined): [string, string][] {
  const columns = isObject(spec) ? spec['columns'] : undefined;
  if (Array.isArray(columns)) return columns.filter((c): c is string => typeof c === 'string').map((c) => [c, c]);
  if (isObject(columns)) return Object.entries(columns).filter((e): e is [string, string] => typeof e[1] === 'string');
  return [];
}

/** An object of entries whatever their keys (a label may be `__proto__`): keys are data, never the prototype. */
function objectOf(entries: readonly (readonly [string, Json])[]): JsonObject {
  const out: Record<string, Json> = {};
  for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

/** A new `fromColumns` layout: no columns yet, the label to the first text column and the cell to the first number column. */
function emptyFromColumns(table: TableField): Json {
  const label = labelColumns(table)[0];
  const value = table.columns.find((c) => c.type === 'number' && c !== label) ?? table.columns.find((c) => c !== label);
  if (label === undefined || value === undefined)
    throw new TableEditError(
      `table "${table.path}" has no text column for a row's label and another for its value: write its rows as YAML`,
    );
  return { fromColumns: { columns: {}, label: label.name, value: value.name } };
}

/** The table's value and its `fromColumns` layout. */
function fromColumnsOf(current: Json | undefined, table: TableField): { base: JsonObject; spec: JsonObject } {
  const spec = isObject(current) ? current['fromColumns'] : undefined;
  if (!isObject(current) || !isObject(spec)) throw new TableEditError(`choose "a group of columns" for table "${table.path}" first`);
  return { base: current, spec };
}

function withRowColumn(current: Json | undefined, table: TableField, column: string, label: string | null | undefined): Json {
  const { base, spec } = fromColumnsOf(current, table);
  const pairs = rowColumnsOf(spec).filter(([, header]) => header !== column);
  const at = rowColumnsOf(spec).findIndex(([, header]) => header === column);
  if (label !== null) {
    const text = label === undefined ? defaultLabel(column) : label.trim();
    if (text === '') throw new TableEditError(`the row of column "${column}" needs a label`);
    if (pairs.some(([l]) => l === text)) throw new TableEditError(`two rows of table "${table.path}" would be labelled "${text}"`);
    pairs.splice(at < 0 ? pairs.length : at, 0, [text, column]);
  }
  return { ...base, fromColumns: { ...spec, columns: objectOf(pairs) } };
}

function withRowRole(current: Json | undefined, table: TableField, role: 'label' | 'value' | 'unit', to: string | null): Json {
  const { base, spec } = fromColumnsOf(current, table);
  const text = to?.trim() ?? '';
  if (role !== 'unit' && !table.columns.some((c) => c.name === text))
    throw new TableEditError(`"${text}" is no column of table "${table.path}"`);
  const out: Record<string, Json> = { ...spec };
  if (text === '') delete out[role];
  else out[role] = text;
  return { ...base, fromColumns: out };
}

/** `fromColumns.set`: one table column's constant on every row set (in place) or taken out; an empty `set` goes. */
function withRowSet(current: Json | undefined, table: TableField, column: string, value: string | null): Json {
  const { base, spec } = fromColumnsOf(current, table);
  const target = table.columns.find((c) => c.name === column);
  if (target === undefined) throw new TableEditError(`"${column}" is no column of table "${table.path}"`);
  if (column === spec['label'] || column === spec['value'])
    throw new TableEditError(`"${column}" gets each row's ${column === spec['label'] ? 'label' : 'cell'}, not one value for every row`);
  const entries = Object.entries(isObject(spec['set']) ? spec['set'] : {});
  const at = entries.findIndex(([name]) => name === column);
  const kept = entries.filter(([name]) => name !== column);
  if (value !== null && value.trim() !== '') kept.splice(at < 0 ? kept.length : at, 0, [column, constantValue(target, value)]);
  const out: Record<string, Json> = { ...spec };
  if (kept.length === 0) delete out['set'];
  else out['set'] = objectOf(kept);
  return { ...base, fromColumns: out };
}

/**
 * A table's or an array's value with one edit applied: the rows' source switched (a new layout
 * starts empty, to be filled with the page's pickers), a column of the group added, relabelled or
 * taken out, a role set, another column's value on every row, an array's columns listed.
 * Undefined: the field is not mapped.
 * @throws TableEditError for an edit the field cannot take.
 */
export function applyTableEdit(current: Json | undefined, field: Field, edit: TableEdit): Json | undefined {
  if (edit.kind === 'arrayColumns') {
    if (field.type !== 'array') throw new TableEditError(`"${field.path}" is no array`);
    return edit.columns.length === 0 ? undefined : { columns: [...edit.columns] };
  }
  if (field.type !== 'table') throw new TableEditError(`"${field.path}" is no table`);
  switch (edit.kind) {
    case 'tableSource':
      if (edit.source === null) return undefined;
      return edit.source === 'fromRows' ? { fromRows: {} } : emptyFromColumns(field);
    case 'rowColumn':
      return withRowColumn(current, field, edit.column, edit.label);
    case 'rowRole':
      return withRowRole(current, field, edit.role, edit.to);
    case 'rowSet':
      return withRowSet(current, field, edit.column, edit.value);
  }
}
