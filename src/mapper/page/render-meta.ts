/// <reference lib="dom" />
import type { Json, MapperState } from '../mapper-api.js';
import { h, labelled, select, textInput } from './dom.js';
import type { Send } from './render-fields.js';

const METHODS = ['computation', 'experiment', 'production'] as const;

type JsonObject = { readonly [key: string]: Json };
const isObject = (v: Json | undefined): v is JsonObject => v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v);

/** A meta value as the text box shows it: a text, a column as `{name}`, a list joined by commas; init's FILL_IN as nothing yet. */
function shown(value: Json | undefined): string {
  if (value === 'FILL_IN') return '';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return value
      .map((v: Json) => shown(v))
      .filter((v) => v !== '')
      .join(', ');
  if (isObject(value) && typeof value['column'] === 'string' && Object.keys(value).length === 1) return `{${value['column']}}`;
  if (isObject(value) && typeof value['template'] === 'string' && Object.keys(value).length === 1) return value['template'];
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

/** A column list to insert `{column}` into a text at the caret, as a text template writes it. */
function placeholderPicker(state: MapperState, target: HTMLInputElement | HTMLTextAreaElement, id: string): HTMLSelectElement {
  const options: [string, string][] = [
    ['', 'insert a column…'],
    ...state.columns.filter((c) => c.name !== '').map((c): [string, string] => [c.name, c.name]),
  ];
  const picker = select(id, options, '', (name) => {
    if (name === '') return;
    const at = target.selectionStart ?? target.value.length;
    target.value = `${target.value.slice(0, at)}{${name}}${target.value.slice(at)}`;
    target.dispatchEvent(new Event('change'));
  });
  picker.setAttribute('aria-label', `insert a column into ${target.id.replace('meta-', '')}`);
  return picker;
}

function textMeta(state: MapperState, send: Send, key: 'title' | 'abstract', hint: string): HTMLElement {
  const id = `meta-${key}`;
  const input = textInput(
    id,
    shown(state.meta[key]),
    (value) => send([{ kind: 'set', path: ['meta', key], value: value === '' ? null : value }]),
    hint,
  );
  return h('div', {}, labelled(id, key, input, placeholderPicker(state, input, `${id}-column`)));
}

/** The record's description (`meta`): title and abstract as text with column placeholders, keywords, source and methods. */
export function renderMeta(state: MapperState, send: Send): HTMLElement {
  const source = isObject(state.meta['source']) ? state.meta['source'] : {};
  const methods = Array.isArray(source['methods']) ? source['methods'] : [];
  const keywords = textInput(
    'meta-keywords',
    shown(state.meta['keywords']),
    (value) => {
      const list = value
        .split(/[,，]/)
        .map((k) => k.trim())
        .filter((k) => k !== '');
      send([{ kind: 'set', path: ['meta', 'keywords'], value: list.length === 0 ? null : list }]);
    },
    'steel, {composition}',
  );
  const origin = select(
    'meta-source',
    [
      ['10', '10 — produced by us'],
      ['01', '01 — taken from a publication (give the reference)'],
    ],
    typeof source['source'] === 'string' ? source['source'] : '10',
    (value) => send([{ kind: 'set', path: ['meta', 'source', 'source'], value }]),
  );
  const reference = textInput('meta-reference', shown(source['reference']), (value) =>
    send([{ kind: 'set', path: ['meta', 'source', 'reference'], value: value === '' ? null : value }]),
  );
  const boxes = METHODS.map((m) => {
    const box = h('input', { type: 'checkbox', id: `meta-method-${m}`, checked: methods.includes(m) });
    box.addEventListener('change', () => {
      const chosen = METHODS.filter((x) => (document.getElementById(`meta-method-${x}`) as HTMLInputElement | null)?.checked === true);
      send([{ kind: 'set', path: ['meta', 'source', 'methods'], value: [...chosen] }]);
    });
    return h('span', {}, box, h('label', { for: `meta-method-${m}` }, ` ${m}`));
  });
  return h(
    'section',
    { id: 'meta', 'aria-labelledby': 'meta-heading' },
    h('h2', { id: 'meta-heading' }, 'Record description (meta)'),
    h('p', { class: 'hint' }, 'Sent with every record. {column} puts the cell of that column into the text.'),
    textMeta(state, send, 'title', '{composition} measured at 300 K'),
    textMeta(state, send, 'abstract', 'what the records hold'),
    labelled('meta-keywords', 'keywords', keywords),
    labelled('meta-source', 'source', origin),
    labelled('meta-reference', 'reference', reference),
    h('div', { class: 'row', role: 'group', 'aria-label': 'methods' }, h('span', { class: 'muted' }, 'methods'), ...boxes),
  );
}

/** `key` and `groupBy`: which column names a record, and which columns the rows of one record share. */
export function renderRecord(state: MapperState, send: Send): HTMLElement {
  const options = (none: string, current: readonly string[]): [string, string][] => [
    ['', none],
    ...state.columns.filter((c) => c.name !== '').map((c): [string, string] => [c.name, c.name]),
    ...(current.length > 1 ? [[current.join('\u0000'), `${current.join(' + ')} (as written)`] as [string, string]] : []),
  ];
  const pick = (id: string, key: 'key' | 'groupBy', none: string): HTMLSelectElement =>
    select(id, options(none, state[key]), state[key].join('\u0000'), (value) =>
      send([{ kind: 'set', path: [key], value: value === '' ? null : value.split('\u0000') }]),
    );
  const proposed = state.proposedKey;
  return h(
    'section',
    { id: 'record', 'aria-labelledby': 'record-heading' },
    h('h2', { id: 'record-heading' }, 'Records'),
    labelled('record-key', 'key', pick('record-key', 'key', '— none: a record is known by its content —')),
    h(
      'div',
      { class: 'hint' },
      proposed === undefined
        ? 'the column whose value names a record, to resume and find changed rows'
        : `init proposes ${proposed.headers.join(' + ')}: ${proposed.reason}`,
    ),
    labelled('record-group', 'rows of one record', pick('record-group', 'groupBy', '— each row is a record —')),
  );
}

/** The columns no field, key or text names. */
export function renderUnused(state: MapperState): HTMLElement {
  const unused = state.columns.filter((c) => c.name !== '' && c.usedBy.length === 0);
  return h(
    'section',
    { id: 'unused', 'aria-labelledby': 'unused-heading' },
    h('h2', { id: 'unused-heading' }, `Columns not used (${unused.length})`),
    unused.length === 0
      ? h('p', { class: 'muted' }, 'every column is used')
      : h('ul', {}, ...unused.map((c) => h('li', {}, h('code', {}, c.name), c.sample === '' ? '' : ` e.g. ${c.sample}`, ' — not used'))),
  );
}
