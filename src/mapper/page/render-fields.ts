/// <reference lib="dom" />
import type { ColumnView, CountsView, FieldView, MapperEdit, MapperState } from '../mapper-api.js';
import { h, idOf, labelled, n, select, textInput } from './dom.js';
import { renderArrayColumns } from './render-array-columns.js';
import { renderTable } from './render-table.js';
import { blankRow, constantRow, constantRowId, ONE_VALUE } from './value-rows.js';

/** Sends edits to the server (then the page is drawn again from its answer). */
export type Send = (edits: readonly MapperEdit[]) => void;

const NONE = 'none';
/** Field types a single column fills through the picker; the others (tables, nested arrays) take a layout. */
const PICKED = new Set(['string', 'number', 'range', 'image', 'file', 'choice', 'array']);

const short = (text: string, max = 32): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const path = (f: FieldView): string[] => ['content', ...f.path];

/** The column picker's options: every column with a sample value and init's score for the field, so the runner-up shows too. */
function columnOptions(columns: readonly ColumnView[], f: FieldView, current: string | undefined, none: string): [string, string][] {
  const out: [string, string][] = [[NONE, none]];
  const scores = new Map(f.scores);
  columns.forEach((c, i) => {
    const proposed = f.proposal?.header === c.name ? f.proposal.score : undefined;
    const scored = proposed ?? scores.get(c.name);
    const score = scored === undefined ? '' : ` · init ${scored.toFixed(2)}`;
    out.push([`c${i}`, `${c.name || '(no name)'}${c.sample === '' ? '' : ` — e.g. ${short(c.sample)}`}${score}`]);
  });
  if (current !== undefined && !columns.some((c) => c.name === current)) out.push(['current', `${current} (as written)`]);
  return out;
}

function valueOf(columns: readonly ColumnView[], column: string | undefined): string {
  if (column === undefined) return NONE;
  const at = columns.findIndex((c) => c.name === column);
  return at < 0 ? 'current' : `c${at}`;
}

/** A field read from one column (bare or `{column: …}`), which a blank cell's value belongs to. */
const oneColumn = (f: FieldView): boolean =>
  typeof f.value === 'string' || (f.value !== null && typeof f.value === 'object' && !Array.isArray(f.value) && 'column' in f.value);

function columnPicker(state: MapperState, f: FieldView, send: Send, part?: string): HTMLDivElement {
  const id = idOf(part === undefined ? 'column' : `column-${part}`, f.path);
  const current = part === undefined ? f.column : f.second;
  const fixed = part === undefined && ONE_VALUE.has(f.type);
  const other = part === undefined && f.value !== undefined && f.column === undefined && f.constant === undefined;
  const options = columnOptions(state.columns, f, current, part === undefined ? '— not used —' : '— none: one cell holds both —');
  if (fixed) options.splice(1, 0, ['const', '— the same value for every record —']);
  if (other) options.push(['other', '— another layout (below) —']);
  const chosen = other ? 'other' : fixed && f.constant !== undefined ? 'const' : valueOf(state.columns, current);
  const picked = select(id, options, chosen, (value) => {
    // The value is typed in its own row, shown now: nothing changes until it is.
    if (value === 'const') {
      showConstantRow(f);
      return;
    }
    if (value === 'current' || value === 'other') return;
    const column = value === NONE ? null : (state.columns[Number(value.slice(1))]?.name ?? null);
    send([{ kind: 'column', path: path(f), column, ...(part === undefined ? {} : { part }) }]);
  });
  const label = part === undefined ? 'column' : part === 'err' ? 'error column' : 'upper bound column';
  return labelled(id, label, picked);
}

function showConstantRow(f: FieldView): void {
  const row = document.getElementById(constantRowId(f));
  row?.removeAttribute('hidden');
  row?.querySelector<HTMLElement>('input, select')?.focus();
}

/** The first previewed record's conversion of the field (a range's first part for a range), as a sample. */
function sampleConversion(state: MapperState, f: FieldView): string | undefined {
  const key = ['content', ...f.path].join('.');
  const value = state.preview[0]?.values.find((v) => v.path === key || v.path === `${key}.val` || v.path === `${key}.lb`);
  return value?.conversion === '' ? undefined : value?.conversion;
}

function unitRow(state: MapperState, f: FieldView, send: Send): HTMLDivElement {
  const id = idOf('unit', f.path);
  const said = f.headerUnit === undefined ? 'the header gives none' : `the header says ${f.headerUnit}`;
  const sample = sampleConversion(state, f);
  return h(
    'div',
    {},
    labelled(
      id,
      'unit of the column',
      textInput(
        id,
        f.columnUnit ?? '',
        (unit) => send([{ kind: 'unit', path: path(f), unit: unit.trim() === '' ? null : unit }]),
        f.headerUnit ?? f.unit ?? '',
      ),
    ),
    h('div', { class: 'hint' }, `the template stores ${f.unit ?? 'no unit'}; ${said}; a value is converted from the column's unit`),
    sample === undefined ? undefined : h('div', { class: 'hint', id: idOf('conversion', f.path) }, `first record: ${sample}`),
  );
}

function choiceRows(f: FieldView, send: Send): HTMLElement | undefined {
  if (f.distinct.length === 0) return undefined;
  const rows = f.distinct.map(([value, count], i) => {
    const id = idOf(`map${i}`, f.path);
    const mapped = f.valueMap[value];
    const ok = mapped !== undefined || f.options.includes(value);
    const options: [string, string][] = [['', f.options.includes(value) ? '— an option as it is —' : '— as it is (not an option) —']];
    for (const o of f.options) options.push([o, o]);
    return h(
      'tr',
      {},
      h('td', {}, h('label', { for: id }, value), ' ', h('span', { class: 'muted' }, `×${n(count)}`)),
      h(
        'td',
        {},
        select(id, options, mapped ?? '', (to) => send([{ kind: 'map', path: path(f), from: value, to: to === '' ? null : to }])),
      ),
      h('td', { class: ok ? 'good' : 'bad' }, ok ? '✓' : 'not an option'),
    );
  });
  return h(
    'table',
    { class: 'map' },
    h('caption', { class: 'hint' }, `the column's values (rows read) and the option each is sent as: ${f.options.join(' | ')}`),
    h('thead', {}, h('tr', {}, h('th', {}, 'value found'), h('th', {}, 'sent as'), h('th', {}, ''))),
    h('tbody', {}, ...rows),
  );
}

function yamlRow(f: FieldView, send: Send, open: boolean): HTMLElement {
  const id = idOf('yaml', f.path);
  const input = textInput(
    id,
    f.valueText,
    (text) => send([{ kind: 'yaml', path: path(f), text }]),
    'e.g. {fromColumns: {columns: [c, mn], label: 元素, value: 含量}}',
  );
  const parts = f.parts.length === 0 ? undefined : h('div', { class: 'hint' }, `its columns: ${f.parts.join('; ')}`);
  return h('details', { open }, h('summary', {}, 'as YAML'), labelled(id, 'value', input), parts);
}

function proposalRow(f: FieldView, send: Send): HTMLElement | undefined {
  const p = f.proposal;
  if (p === undefined || JSON.stringify(p.value) === JSON.stringify(f.value ?? null)) return undefined;
  const score = p.score === undefined ? '' : `, score ${p.score.toFixed(2)}`;
  const use = h('button', { type: 'button', id: idOf('use', f.path) }, "use init's proposal");
  use.addEventListener('click', () => send([{ kind: 'set', path: path(f), value: p.value }]));
  return h(
    'div',
    { class: 'row hint' },
    `init ${p.sure ? 'proposes' : 'guesses'}: `,
    h('code', {}, JSON.stringify(p.value)),
    `${score}${p.note === undefined ? '' : ` (${p.note})`}`,
    use,
  );
}

/** The problem counts of a field (and its parts) from the background validate, as badges. */
function badges(f: FieldView, counts: CountsView | undefined): HTMLDivElement {
  const key = f.key;
  const found: [string, number][] = [];
  for (const [field, codes] of Object.entries(counts?.byField ?? {}))
    if (field === key || field.startsWith(`${key}.`)) for (const [code, count] of Object.entries(codes)) found.push([code, count]);
  return h(
    'div',
    { class: 'badges', id: idOf('badges', f.path) },
    ...found.map(([code, count]) => h('span', { class: 'badge' }, `${code} ${n(count)}`)),
  );
}

function fieldBox(state: MapperState, f: FieldView, send: Send, counts: CountsView | undefined): HTMLFieldSetElement {
  const key = ['content', ...f.path].join('.');
  const problems = state.problems.filter((p) => p.path === key || p.path.startsWith(`${key}.`) || p.path.startsWith(`${key}[`));
  const unitText = f.unit === undefined ? '' : `, ${f.unit}`;
  const kind = f.rangeType === undefined ? f.type : `${f.type}, ${f.rangeType === 'interval' ? 'from–to' : 'value ± error'}`;
  const box = h(
    'fieldset',
    { id: idOf('field', f.path) },
    h(
      'legend',
      {},
      f.name,
      h('span', { class: 'type' }, ` ${kind}${unitText}`),
      f.required ? h('span', { class: 'req' }, 'required') : undefined,
    ),
  );
  if (f.type === 'container' || f.type === 'generator') {
    if (f.type === 'generator') box.append(h('div', { class: 'hint' }, 'one of these: the first with a value is sent'));
    for (const child of f.children) box.append(fieldBox(state, child, send, counts));
    return box;
  }
  if (f.type === 'table') {
    box.append(...renderTable(state, f, send, (cell) => fieldBox(state, cell, send, counts)));
    return finish(box, f, send, problems, counts, f.table?.source === 'other');
  }
  if (f.type === 'choice') box.append(h('div', { class: 'hint' }, `options: ${f.options.join(' | ')}`));
  const picked = PICKED.has(f.type) && (f.type !== 'array' || f.parts.every((p) => !/^\S+ \((table|container|generator|array)/.test(p)));
  if (picked) box.append(columnPicker(state, f, send));
  if (picked && ONE_VALUE.has(f.type)) box.append(constantRow(f, send));
  if (picked && f.type === 'array') box.append(renderArrayColumns(state, f, send));
  if (f.type === 'range' && f.column !== undefined) box.append(columnPicker(state, f, send, f.rangeType === 'interval' ? 'ub' : 'err'));
  // A unit is read only where the template has one to convert to.
  const unit =
    (f.type === 'number' || f.type === 'range') && f.column !== undefined && (f.unit !== undefined || f.columnUnit !== undefined);
  if (unit) box.append(unitRow(state, f, send));
  if (picked && ONE_VALUE.has(f.type) && f.column !== undefined && oneColumn(f)) box.append(blankRow(f, send));
  if (f.type === 'range' && f.rangeType === 'error' && f.column !== undefined) {
    const id = idOf('erropt', f.path);
    const check = h('input', { type: 'checkbox', id, checked: f.errOptional });
    check.addEventListener('change', () => send([{ kind: 'errOptional', path: path(f), on: check.checked }]));
    box.append(h('div', { class: 'row' }, check, h('label', { for: id }, 'send the value alone where the error is empty')));
  }
  const values = f.type === 'choice' && f.column !== undefined ? choiceRows(f, send) : undefined;
  if (values !== undefined) box.append(values);
  return finish(box, f, send, problems, counts, !picked);
}

/** The end of a field's box: init's proposal, the field as YAML, its mapping problems and its counts. */
function finish(
  box: HTMLFieldSetElement,
  f: FieldView,
  send: Send,
  problems: MapperState['problems'],
  counts: CountsView | undefined,
  yamlOpen: boolean,
): HTMLFieldSetElement {
  const proposal = proposalRow(f, send);
  if (proposal !== undefined) box.append(proposal);
  box.append(yamlRow(f, send, yamlOpen));
  if (problems.length > 0) box.append(h('ul', { class: 'problems bad' }, ...problems.map((p) => h('li', {}, `${p.code}: ${p.message}`))));
  box.append(badges(f, counts));
  return box;
}

/** The template's fields, each with its pickers, init's proposal and its counts. */
export function renderFields(state: MapperState, send: Send, counts: CountsView | undefined): HTMLElement {
  return h(
    'section',
    { id: 'fields', 'aria-labelledby': 'fields-heading' },
    h('h2', { id: 'fields-heading' }, `Fields of template ${state.template.id}`),
    h('p', { class: 'hint' }, 'Pick the column that fills each field. A field marked required must have one.'),
    ...state.fields.map((f) => fieldBox(state, f, send, counts)),
  );
}

/** Redraws the fields' count badges only (the counts arrive while the curator works in the pickers). */
export function updateBadges(state: MapperState, counts: CountsView | undefined): void {
  const walk = (f: FieldView): void => {
    document.getElementById(idOf('badges', f.path))?.replaceWith(badges(f, counts));
    f.children.forEach(walk);
    f.table?.cells.forEach(walk);
  };
  state.fields.forEach(walk);
}
