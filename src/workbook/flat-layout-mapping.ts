import type { Field } from '../template/template-types.js';

/** The first column of the platform's flat export: the record's number in the export. */
export const FLAT_INDEX_HEADERS = ['序号', 'Index'] as const;

/** A mapping for a table in the flat layout, and what of its header did not fit the template. */
export interface FlatMapping {
  /** The mapping's `content` tree (plain objects, as a mapping file would hold it). */
  readonly content: Record<string, unknown>;
  /** Headers no field of the template reads. */
  readonly unknownColumns: readonly string[];
}

type Tree = Record<string, unknown>;

function child(tree: Tree, name: string, make: () => unknown): unknown {
  if (!Object.prototype.hasOwnProperty.call(tree, name))
    Object.defineProperty(tree, name, { value: make(), enumerable: true, writable: true, configurable: true });
  return tree[name];
}

function index(text: string | undefined): number | undefined {
  return text !== undefined && /^[1-9]\d{0,5}$/.test(text) ? Number(text) : undefined;
}

/** Places one header in the tree; false when it fits no field. */
function place(fields: readonly Field[], segments: readonly string[], header: string, tree: Tree): boolean {
  const [name, ...rest] = segments;
  const field = fields.find((f) => f.name === name);
  if (field === undefined) return false;
  switch (field.type) {
    case 'container':
      return place(field.fields, rest, header, child(tree, field.name, () => Object.create(null)) as Tree);
    case 'generator':
      return place(field.options, rest, header, child(tree, field.name, () => Object.create(null)) as Tree);
    case 'array': {
      const i = index(rest[0]);
      if (i === undefined) return false;
      const el = field.element;
      if (el.type === 'container' || el.type === 'generator') {
        const items = (child(tree, field.name, () => ({ items: [] })) as { items: Tree[] }).items;
        const item = (items[i - 1] ??= Object.create(null) as Tree);
        return place(el.type === 'container' ? el.fields : el.options, rest.slice(1), header, item);
      }
      if (rest.length !== 1 || el.type === 'table' || el.type === 'array') return false;
      (child(tree, field.name, () => ({ columns: [] })) as { columns: string[] }).columns[i - 1] = header;
      return true;
    }
    case 'table': {
      const column = field.columns.find((c) => c.name === rest[0]);
      const i = index(rest[1]);
      if (column === undefined || i === undefined || rest.length !== 2) return false;
      const rows = (child(tree, field.name, () => ({ rows: [] })) as { rows: Tree[] }).rows;
      const row = (rows[i - 1] ??= Object.create(null) as Tree);
      Object.defineProperty(row, column.name, { value: { column: header }, enumerable: true, writable: true, configurable: true });
      return true;
    }
    default:
      if (rest.length !== 0) return false;
      Object.defineProperty(tree, field.name, { value: { column: header }, enumerable: true, writable: true, configurable: true });
      return true;
  }
}

/** Drops the holes a sparse export leaves (element 3 of a record with 2), so the mapping lists what is there. */
function compact(tree: Tree): void {
  for (const key of Object.keys(tree)) {
    const v = tree[key] as Record<string, unknown>;
    if (typeof v !== 'object' || v === null) continue;
    for (const list of ['items', 'rows', 'columns'] as const) {
      if (Array.isArray(v[list])) v[list] = (v[list] as unknown[]).filter((x) => x !== undefined);
    }
    if (Array.isArray(v['items'])) (v['items'] as Tree[]).forEach(compact);
    else if (!('column' in v) && !('rows' in v) && !('columns' in v)) compact(v);
  }
}

/**
 * The mapping of the platform's flat export (docs/platform-workbook.md → The flat export): a header
 * is the field's dotted path with 1-based indices (`应力序列.2`, `化学成分.含量.1`,
 * `试验条件.设备.型号`); each becomes the column of its field, element or table cell.
 */
export function flatLayoutMapping(fields: readonly Field[], headers: readonly string[]): FlatMapping {
  const content = Object.create(null) as Tree;
  const unknownColumns: string[] = [];
  for (const header of headers) {
    const text = header.trim();
    if (text === '' || (FLAT_INDEX_HEADERS as readonly string[]).includes(text)) continue;
    if (!place(fields, text.split('.'), header, content)) unknownColumns.push(header);
  }
  compact(content);
  return { content, unknownColumns };
}

/**
 * One flat header per required field (the first of a table's or an element's leaves): given an
 * empty column each, a required field no record fills is reported on every record
 * (`REQUIRED_MISSING`) rather than stopping the run as a mapping with the field left out would.
 */
export function requiredFlatHeaders(fields: readonly Field[], prefix = ''): string[] {
  const out: string[] = [];
  for (const f of fields) {
    if (!f.required) continue;
    const at = `${prefix}${f.name}`;
    const first = (list: readonly Field[]): Field | undefined => list.find((x) => x.required) ?? list[0];
    switch (f.type) {
      case 'container': {
        const inner = requiredFlatHeaders(f.fields, `${at}.`);
        const leaf = first(f.fields);
        out.push(...(inner.length > 0 ? inner : leaf === undefined ? [] : [`${at}.${leaf.name}`]));
        break;
      }
      case 'generator':
        if (f.options[0] !== undefined) out.push(`${at}.${f.options[0].name}`);
        break;
      case 'table': {
        const col = first(f.columns);
        if (col !== undefined) out.push(`${at}.${col.name}.1`);
        break;
      }
      case 'array': {
        const el = f.element;
        const leaf = el.type === 'container' ? first(el.fields) : el.type === 'generator' ? el.options[0] : undefined;
        out.push(el.type === 'container' || el.type === 'generator' ? `${at}.1.${leaf?.name ?? ''}` : `${at}.1`);
        break;
      }
      default:
        out.push(at);
    }
  }
  return out;
}
