import type { MappingProposal } from '../mapping/header-match/proposal-types.js';
import type { TableField } from '../template/template-types.js';
import { constantText, labelColumns, rowColumnsOf } from './apply-table-edit.js';
import type { FieldView, FixedColumnView, Json, TableView } from './mapper-api.js';

type JsonObject = { readonly [key: string]: Json };
const isObject = (v: Json | undefined): v is JsonObject => v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v);
const textOf = (v: Json | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

/** Where the mapping's value takes a table's rows from. */
function sourceOf(value: Json | undefined): TableView['source'] {
  if (value === undefined || value === null) return 'none';
  if (isObject(value) && Object.keys(value).length === 1 && isObject(value['fromRows'])) return 'fromRows';
  if (isObject(value) && Object.keys(value).length === 1 && isObject(value['fromColumns'])) return 'fromColumns';
  return 'other';
}

/** `fromColumns`: the table's columns besides the label's and the cell's, with what `set:` gives each on every row. */
function fixedColumns(field: TableField, spec: JsonObject | undefined): FixedColumnView[] {
  if (spec === undefined) return [];
  const set = isObject(spec['set']) ? spec['set'] : {};
  return field.columns
    .filter((c) => c.name !== spec['label'] && c.name !== spec['value'])
    .map((c) => {
      const entry = Object.hasOwn(set, c.name) ? set[c.name] : undefined;
      const value = constantText(entry);
      return {
        name: c.name,
        required: c.required,
        options: c.type === 'choice' ? c.allOptions : [],
        value,
        written: entry === undefined || value !== undefined ? undefined : JSON.stringify(entry),
      };
    });
}

/**
 * A table field as the page edits it: where its rows come from, what the data looks like (init's
 * proposal, else the rows of a record when init found rows that share a record), the pickers of its
 * columns for `fromRows` (`cells`, made by the caller) and the group of columns for `fromColumns`
 * with the values its other columns get on every row.
 */
export function tableView(
  field: TableField,
  value: Json | undefined,
  cells: readonly FieldView[],
  proposal: MappingProposal | undefined,
): TableView {
  const proposed = proposal?.tables.find((t) => t.field === field);
  const spec = isObject(value) && isObject(value['fromColumns']) ? value['fromColumns'] : undefined;
  const groupBy = proposal?.groupBy ?? [];
  const suggested = proposed?.kind ?? (groupBy.length > 0 ? 'fromRows' : undefined);
  return {
    source: sourceOf(value),
    suggested,
    proposedGroupBy: groupBy,
    cells,
    rowColumns: rowColumnsOf(spec).map(([label, header]) => ({ header, label })),
    label: textOf(spec?.['label']),
    value: textOf(spec?.['value']),
    unit: textOf(spec?.['unit']),
    labelColumns: labelColumns(field).map((c) => c.name),
    valueColumns: field.columns.map((c) => ({ name: c.name, unit: c.type === 'number' || c.type === 'range' ? c.unit : undefined })),
    proposedColumns: proposed?.kind === 'fromColumns' ? proposed.columns.map(([, header]) => header) : [],
    fixedColumns: fixedColumns(field, spec),
  };
}
