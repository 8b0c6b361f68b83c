import { stringify } from 'yaml';
import type { ColumnProfile } from '../mapping/header-match/column-profile.js';
import type { FieldProposal, MappingProposal, TableProposal } from '../mapping/header-match/proposal-types.js';
import type { Field, Template } from '../template/template-types.js';
import { splitHeaderUnit } from '../util/normalize-name.js';
import type { FieldView, Json, ProposalView } from './mapper-api.js';
import { constantText } from './apply-table-edit.js';
import { tableView } from './table-view.js';

type JsonObject = { readonly [key: string]: Json };
const isObject = (v: Json | undefined): v is JsonObject => v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v);

/** Distinct values of a choice field's column shown beside its options. */
const DISTINCT_SHOWN = 40;

/** A value as one line of YAML, as the text editor shows it. */
export function oneLine(value: Json | undefined): string {
  if (value === undefined) return '';
  return stringify(value, { collectionStyle: 'flow', lineWidth: 0, flowCollectionPadding: false }).trim();
}

/** A one-column value as `init` writes it: the bare header, or `{column, unit}`. */
const columnValue = (header: string, unit: string | undefined): Json => (unit === undefined ? header : { column: header, unit });

/** The value `init` would write for a column proposal. */
function proposedValue(p: FieldProposal): Json {
  const f = p.field;
  // Read so as to hold whether or not the matcher proposes errOptional.
  const errOptional = (p as { readonly errOptional?: boolean }).errOptional === true ? { errOptional: true } : {};
  if (f.type === 'range' && p.second !== undefined) {
    const [a, b] = f.rangeType === 'interval' ? ['lb', 'ub'] : ['val', 'err'];
    return { [a]: columnValue(p.header, p.unit), [b]: columnValue(p.second, p.unit), ...errOptional };
  }
  if (f.type === 'range' && errOptional.errOptional === true)
    return { column: p.header, ...(p.unit === undefined ? {} : { unit: p.unit }), ...errOptional };
  if (f.type === 'array') return { column: p.header, split: ';', ...(p.unit === undefined ? {} : { unit: p.unit }) };
  const sure = p.valueMap.filter((e) => e.sure);
  if (f.type === 'choice' && sure.length > 0) return { column: p.header, map: Object.fromEntries(sure.map((e) => [e.from, e.to])) };
  return columnValue(p.header, p.unit);
}

/** The value `init` would write for a table proposal (a group of columns, or the rows of a group). */
function tableValue(t: TableProposal): Json {
  // Each cell with its unit, as init writes it: else the proposal would differ from the file it wrote.
  if (t.kind === 'fromRows') return { fromRows: Object.fromEntries(t.cells.map(([c, h], i) => [c, columnValue(h, t.units[i])])) };
  return {
    fromColumns: {
      columns: Object.fromEntries(t.columns),
      label: t.label,
      value: t.value,
      ...(t.unit === undefined ? {} : { unit: t.unit }),
    },
  };
}

function proposalView(field: Field, proposal: MappingProposal | undefined): ProposalView | undefined {
  const column = proposal?.fields.find((p) => p.field === field);
  if (column !== undefined)
    return {
      header: column.header,
      score: column.score,
      sure: column.sure,
      unit: column.unit,
      second: column.second,
      note: column.note,
      value: proposedValue(column),
    };
  const table = proposal?.tables.find((t) => t.field === field);
  if (table === undefined) return undefined;
  return {
    header: undefined,
    score: undefined,
    sure: table.sure,
    unit: undefined,
    second: undefined,
    note: undefined,
    value: tableValue(table),
  };
}

/** A field in words, for a table's columns and an array's element. */
const partText = (f: Field): string =>
  `${f.name} (${f.type}${'unit' in f && f.unit ? `, ${f.unit}` : ''}${f.required ? ', required' : ''})`;

/** The column a one-column value (or a range part) reads, and its `unit:`. */
function columnOf(value: Json | undefined): { column: string | undefined; unit: string | undefined } {
  if (typeof value === 'string') return { column: value, unit: undefined };
  if (isObject(value) && typeof value['column'] === 'string')
    return { column: value['column'], unit: typeof value['unit'] === 'string' ? value['unit'] : undefined };
  return { column: undefined, unit: undefined };
}

/** What the views of the fields are made from. */
export interface FieldViewSources {
  readonly template: Template;
  /** The mapping's `content`, as JSON. */
  readonly content: JsonObject;
  readonly proposal: MappingProposal | undefined;
  /** Each column's profile of the rows read, by header. */
  readonly profiles: ReadonlyMap<string, ColumnProfile>;
}

/** Init's proposal for a column of a table it proposed to fill from the rows of a record. */
function cellProposal(table: Field, column: Field, proposal: MappingProposal | undefined): ProposalView | undefined {
  const rows = proposal?.tables.find((t) => t.field === table);
  if (rows?.kind !== 'fromRows') return undefined;
  const at = rows.cells.findIndex(([name]) => name === column.name);
  if (at < 0) return undefined;
  const [, header] = rows.cells[at]!;
  const unit = rows.units[at];
  return { header, score: rows.scores[at], sure: rows.sure, unit, second: undefined, note: undefined, value: columnValue(header, unit) };
}

/** The template's field tree with what the mapping says for each field, init's proposal and the column's values. */
export function fieldViews(sources: FieldViewSources): FieldView[] {
  const view = (
    field: Field,
    path: readonly string[],
    parent: Json | undefined,
    key: string,
    proposal: ProposalView | undefined,
  ): FieldView => {
    const value = isObject(parent) ? parent[field.name] : undefined;
    const parts: readonly [string, string] | undefined =
      field.type === 'range' ? (field.rangeType === 'interval' ? ['lb', 'ub'] : ['val', 'err']) : undefined;
    const two = parts !== undefined && isObject(value) && Object.hasOwn(value, parts[0]) ? value : undefined;
    const first = columnOf(two === undefined ? value : two[parts![0]]);
    const second = two === undefined ? undefined : columnOf(two[parts![1]]).column;
    const profile = first.column === undefined ? undefined : sources.profiles.get(first.column);
    const map = isObject(value) && isObject(value['map']) ? value['map'] : {};
    const errOptional = isObject(value) && value['errOptional'] === true;
    const fallback = first.column !== undefined && two === undefined && isObject(value) ? value['default'] : undefined;
    const children = field.type === 'container' ? field.fields : field.type === 'generator' ? field.options : [];
    const own = `${key}.${field.name}`;
    const candidates = sources.proposal?.candidates?.get(field);
    const listed = isObject(value) && Array.isArray(value['columns']) ? value['columns'] : [];
    const rows = isObject(value) && isObject(value['fromRows']) ? value['fromRows'] : undefined;
    return {
      path: [...path, field.name],
      name: field.name,
      type: field.type,
      required: field.required,
      unit: field.type === 'number' || field.type === 'range' ? field.unit : undefined,
      rangeType: field.type === 'range' ? field.rangeType : undefined,
      options: field.type === 'choice' ? field.allOptions : [],
      parts: field.type === 'table' ? field.columns.map(partText) : field.type === 'array' ? [partText(field.element)] : [],
      children: children.map((c) => view(c, [...path, field.name], value, own, proposalView(c, sources.proposal))),
      value,
      valueText: oneLine(value),
      column: first.column,
      second,
      columnUnit: first.unit,
      headerUnit: first.column === undefined ? undefined : splitHeaderUnit(first.column).unit,
      valueMap: Object.fromEntries(Object.entries(map).filter((e): e is [string, string] => typeof e[1] === 'string')),
      distinct:
        field.type === 'choice' && profile !== undefined ? [...profile.distinct].sort((a, b) => b[1] - a[1]).slice(0, DISTINCT_SHOWN) : [],
      errOptional,
      constant: constantText(value),
      blank: fallback === undefined || fallback === null || typeof fallback === 'object' ? undefined : String(fallback),
      proposal,
      scores: candidates ?? [],
      key: own,
      arrayColumns: field.type === 'array' ? listed.filter((c): c is string => typeof c === 'string') : [],
      table:
        field.type === 'table'
          ? tableView(
              field,
              value,
              field.columns.map((c) => view(c, [...path, field.name, 'fromRows'], rows, own, cellProposal(field, c, sources.proposal))),
              sources.proposal,
            )
          : undefined,
    };
  };
  return sources.template.fields.map((f) => view(f, [], sources.content, 'content', proposalView(f, sources.proposal)));
}
