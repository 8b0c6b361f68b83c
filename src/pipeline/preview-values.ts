import { findColumns } from '../mapping/compile/resolve-columns.js';
import { cellLocation, type TracedCell } from '../mapping/compile/row-context.js';
import type { CellValue, SourceHeader } from '../sources/source-types.js';
import type { JsonValue, PlatformRecord, RowLocation } from '../template/record-types.js';
import type { Field, Template } from '../template/template-types.js';
import { splitHeaderUnit } from '../util/normalize-name.js';

/** One value of a previewed record: where it goes, what it is, and where it came from. */
export interface PreviewValue {
  /** Dotted path in the record as sent (`content.屈服强度`, `content.化学成分[0].含量`, `meta.title`). */
  readonly path: string;
  /** The value as sent. */
  readonly value: JsonValue;
  /** The cell it was read from; undefined for a value the mapping gives (a constant, a default of meta). */
  readonly cell: RowLocation | undefined;
  /** The cell as read (undefined without a cell). */
  readonly found: CellValue | undefined;
  /** The template's unit of the field, when it has one. */
  readonly unit: string | undefined;
  /** The cell's unit (the mapping's `unit:`, else its header's), when it differs from the template's. */
  readonly convertedFrom: string | undefined;
}

/** A template field by a record path's names (indices and a range's `lb`/`ub`/`val`/`err` skipped). */
function fieldAt(template: Template, path: string): Field | undefined {
  const names = path
    .replace(/\[\d+\]/g, '')
    .split('.')
    .slice(1);
  let fields: readonly Field[] = template.fields;
  let found: Field | undefined;
  for (const name of names) {
    if (found?.type === 'range') return found;
    found = fields.find((f) => f.name === name);
    if (found === undefined) return undefined;
    while (found.type === 'array') found = found.element;
    fields =
      found.type === 'container' ? found.fields : found.type === 'table' ? found.columns : found.type === 'generator' ? found.options : [];
  }
  return found;
}

/** A path's last step that is part of one cell's value: a range's bound or error, a list element. */
const PART_OF_A_CELL = /(\.(lb|ub|val|err)|\[\d+\])$/;

/**
 * The cell that fed a path; for a part of one cell's value (`250±5` → `val`, `err`; a list split from
 * one cell), the cell of the whole. A sibling in a table row (the element label of `fromColumns`) is
 * not taken for its neighbour's cell: it comes from the mapping.
 */
function tracedCell(trace: ReadonlyMap<string, TracedCell> | undefined, path: string): TracedCell | undefined {
  let p = path;
  while (trace !== undefined) {
    const cell = trace.get(p);
    if (cell !== undefined) return cell;
    const part = PART_OF_A_CELL.exec(p);
    if (part === null) return undefined;
    p = p.slice(0, part.index);
  }
  return undefined;
}

/**
 * The units a mapping states for its columns (`{column: TS, unit: MPa}`), by column name: found by a
 * walk of the checked plans for value plans, so that it holds whatever shapes the plans take.
 */
export function statedUnits(plans: unknown): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  const seen = new Set<object>();
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node) || node instanceof RegExp) return;
    seen.add(node);
    if (node instanceof Map) {
      for (const v of node.values()) walk(v);
      return;
    }
    const plan = node as { source?: { kind?: unknown; name?: unknown }; unit?: unknown };
    if (plan.source?.kind === 'column' && typeof plan.source.name === 'string' && typeof plan.unit === 'string')
      out.set(plan.source.name, plan.unit);
    for (const v of Array.isArray(node) ? node : Object.values(node)) walk(v);
  };
  walk(plans);
  return out;
}

/** The unit of a column: the mapping's `unit:` for it, else the unit written in its header. */
export function columnUnit(header: SourceHeader, column: number, stated: ReadonlyMap<string, string>): string | undefined {
  for (const [name, unit] of stated) if (findColumns(header, name).includes(column)) return unit;
  return splitHeaderUnit(header.names[column] ?? '').unit;
}

/** Every leaf of a record (scalars and empty lists), by dotted path. */
function leaves(value: JsonValue, path: string, out: [string, JsonValue][]): void {
  if (Array.isArray(value)) {
    if (value.length === 0) out.push([path, value]);
    else value.forEach((v: JsonValue, i) => leaves(v, `${path}[${i}]`, out));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as { readonly [key: string]: JsonValue })) leaves(v, `${path}.${k}`, out);
  } else out.push([path, value]);
}

/**
 * The values of one record beside the cells they came from (the trace of `mapRows(rows, true)`) and
 * their unit conversion, in the record's order: meta first, then content, as `preview` shows them.
 */
export function previewValues(
  record: PlatformRecord,
  trace: ReadonlyMap<string, TracedCell> | undefined,
  template: Template,
  stated: ReadonlyMap<string, string>,
): PreviewValue[] {
  const pairs: [string, JsonValue][] = [];
  // The meta is plain JSON too (texts, numbers, lists), typed by its known keys.
  leaves(record.meta as unknown as JsonValue, 'meta', pairs);
  leaves(record.content, 'content', pairs);
  return pairs.map(([path, value]) => {
    const field = path.startsWith('content.') ? fieldAt(template, path) : undefined;
    const unit = field?.type === 'number' || field?.type === 'range' ? field.unit : undefined;
    let traced = tracedCell(trace, path);
    // A list may mix texts of the mapping with one read from a cell (keywords: [steel, {column: X}]),
    // all traced to that cell: a text the cell does not hold is the mapping's.
    if (
      traced !== undefined &&
      typeof value === 'string' &&
      !String(traced.row.values[traced.column] ?? '').includes(value) &&
      !trace?.has(path)
    )
      traced = undefined;
    if (traced === undefined) return { path, value, cell: undefined, found: undefined, unit, convertedFrom: undefined };
    const { row, column } = traced;
    const from = unit === undefined ? undefined : columnUnit(row.header, column, stated);
    return {
      path,
      value,
      cell: cellLocation(row.header, row.rowNumber, column),
      found: row.values[column] ?? null,
      unit,
      convertedFrom: from !== undefined && from.trim() !== unit?.trim() ? from : undefined,
    };
  });
}
