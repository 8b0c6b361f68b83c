/// <reference lib="dom" />
import type { FieldView, Json, MapperEdit, MapperState, TableView } from '../mapper-api.js';
import { h, idOf, labelled, select, textInput } from './dom.js';
import { valueControl } from './value-rows.js';

type Send = (edits: readonly MapperEdit[]) => void;

const path = (f: FieldView): string[] => ['content', ...f.path];
const quoted = (names: readonly string[]): string => names.map((n) => `"${n}"`).join(', ');
const sourceOfValue = (value: Json): string | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value)[0] : undefined;

/** The choice of where the rows come from, the layout the data looks like marked; init's layout of that kind is taken whole. */
function sourcePicker(state: MapperState, f: FieldView, t: TableView, send: Send): HTMLDivElement {
  const id = idOf('rows', f.path);
  const grouped = state.groupBy.length > 0 ? state.groupBy : t.proposedGroupBy;
  const mark = (kind: string): string => (t.suggested === kind ? ' · what the data looks like' : '');
  const options: [string, string][] = [
    ['none', '— not mapped —'],
    ['fromRows', `the rows of one record${grouped.length > 0 ? ` (rows sharing ${quoted(grouped)})` : ''}${mark('fromRows')}`],
  ];
  // A row made from a column needs a table column for its label (text or a choice).
  if (t.labelColumns.length > 0 || t.source === 'fromColumns')
    options.push(['fromColumns', `a group of columns, one row each${mark('fromColumns')}`]);
  if (t.source === 'other') options.push(['other', '— another layout (as YAML below) —']);
  const picked = select(id, options, t.source, (source) => {
    if (source === 'other') return;
    if (source === 'none') return send([{ kind: 'tableSource', path: path(f), source: null }]);
    const edits: MapperEdit[] = [];
    if (source === 'fromRows' && state.groupBy.length === 0 && t.proposedGroupBy.length > 0)
      edits.push({ kind: 'set', path: ['groupBy'], value: [...t.proposedGroupBy] });
    const proposed = f.proposal?.value;
    if (proposed !== undefined && sourceOfValue(proposed) === source) edits.push({ kind: 'set', path: path(f), value: proposed });
    else edits.push({ kind: 'tableSource', path: path(f), source: source as 'fromRows' | 'fromColumns' });
    send(edits);
  });
  return labelled(id, 'rows come from', picked);
}

/** Rows of a record need the rows grouped: says so, with init's grouping one click away. */
function groupHint(state: MapperState, f: FieldView, t: TableView, send: Send): HTMLElement {
  if (state.groupBy.length > 0)
    return h('div', { class: 'hint' }, `one table row per input row of a record; records are the rows sharing ${quoted(state.groupBy)}`);
  if (t.proposedGroupBy.length === 0)
    return h(
      'div',
      { class: 'hint warn' },
      'each row is a record of its own now (one table row each): choose the rows a record shares under Records',
    );
  const use = h('button', { type: 'button', id: idOf('group', f.path) }, `group the rows by ${quoted(t.proposedGroupBy)}`);
  use.addEventListener('click', () => send([{ kind: 'set', path: ['groupBy'], value: [...t.proposedGroupBy] }]));
  return h('div', { class: 'row hint warn' }, 'each row is a record of its own now, so each table gets one row:', use);
}

/** The table's other columns, each with one value for every row (`set:`); one `set:` holds otherwise is shown, to edit as YAML. */
function fixedColumns(f: FieldView, t: TableView, send: Send): HTMLElement[] {
  return t.fixedColumns.map((c) => {
    const id = idOf('row-set', [...f.path, c.name]);
    const label = `${c.name} on every row${c.required ? ' (required)' : ''}`;
    if (c.written !== undefined) return h('div', { class: 'row hint' }, `${label}: `, h('code', {}, c.written), ' (as YAML below)');
    const control = valueControl(id, c.options, c.value, 'none', (value) =>
      send([{ kind: 'rowSet', path: path(f), column: c.name, value }]),
    );
    return labelled(id, label, control);
  });
}

/** A group of columns, one table row each: the columns with their rows' labels, where label and cell go, the cells' unit. */
function groupOfColumns(state: MapperState, f: FieldView, t: TableView, send: Send): HTMLElement[] {
  const roleId = (role: string): string => idOf(`row-${role}`, f.path);
  const role = (which: 'label' | 'value', names: readonly string[], current: string | undefined): HTMLSelectElement =>
    select(
      roleId(which),
      names.map((n) => [n, n] as [string, string]),
      current ?? '',
      (to) => send([{ kind: 'rowRole', path: path(f), role: which, to }]),
    );
  const valueUnit = t.valueColumns.find((c) => c.name === t.value)?.unit;
  const rows = t.rowColumns.map(({ header, label }, i) => {
    const id = idOf(`row-label${i}`, f.path);
    const sample = state.columns.find((c) => c.name === header)?.sample ?? '';
    const drop = h('button', { type: 'button', id: idOf(`row-drop${i}`, f.path), 'aria-label': `take out ${header}` }, 'take out');
    drop.addEventListener('click', () => send([{ kind: 'rowColumn', path: path(f), column: header, label: null }]));
    return h(
      'tr',
      { 'data-header': header },
      h('td', {}, h('label', { for: id }, header), sample === '' ? undefined : h('span', { class: 'muted' }, ` e.g. ${sample}`)),
      h(
        'td',
        {},
        textInput(id, label, (text) => send([{ kind: 'rowColumn', path: path(f), column: header, label: text }])),
      ),
      h('td', {}, drop),
    );
  });
  const taken = new Set(t.rowColumns.map((r) => r.header));
  const addId = idOf('row-add', f.path);
  const free = state.columns.filter((c) => c.name !== '' && !taken.has(c.name));
  const options: [string, string][] = [['', '— add a column —']];
  for (const c of free) {
    const init = t.proposedColumns.includes(c.name) ? ' · init: of the group' : '';
    options.push([c.name, `${c.name}${c.sample === '' ? '' : ` — e.g. ${c.sample}`}${init}`]);
  }
  const add = select(addId, options, '', (column) => {
    if (column !== '') send([{ kind: 'rowColumn', path: path(f), column }]);
  });
  const unitId = roleId('unit');
  return [
    labelled(roleId('label'), "a row's label goes to", role('label', t.labelColumns, t.label)),
    labelled(
      roleId('value'),
      'its cell goes to',
      role(
        'value',
        t.valueColumns.map((c) => c.name),
        t.value,
      ),
    ),
    labelled(
      unitId,
      'unit of the cells',
      textInput(
        unitId,
        t.unit ?? '',
        (unit) => send([{ kind: 'rowRole', path: path(f), role: 'unit', to: unit.trim() === '' ? null : unit }]),
        valueUnit ?? '',
      ),
    ),
    h(
      'table',
      { class: 'map', id: idOf('row-columns', f.path) },
      h(
        'caption',
        { class: 'hint' },
        `each column makes one row of the table; its label goes to ${t.label ?? '?'}, its cell to ${t.value ?? '?'}`,
      ),
      h('thead', {}, h('tr', {}, h('th', {}, 'column'), h('th', {}, 'row label'), h('th', {}, ''))),
      h('tbody', {}, ...rows),
    ),
    labelled(addId, 'add a column', add),
    ...fixedColumns(f, t, send),
  ];
}

/**
 * A table's controls: where its rows come from (chosen by what the data looks like), then for the
 * rows of a record a picker per table column (`cellBox`, the same box as a field's), or for a group
 * of columns the columns and their labels.
 */
export function renderTable(state: MapperState, f: FieldView, send: Send, cellBox: (cell: FieldView) => HTMLElement): HTMLElement[] {
  const t = f.table;
  if (t === undefined) return [];
  const out: HTMLElement[] = [sourcePicker(state, f, t, send)];
  if (t.source === 'fromRows') out.push(groupHint(state, f, t, send), ...t.cells.map(cellBox));
  if (t.source === 'fromColumns') out.push(...groupOfColumns(state, f, t, send));
  return out;
}
