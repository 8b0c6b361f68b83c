/// <reference lib="dom" />
import type { MapperState } from '../mapper-api.js';
import { h, labelled, select, textInput } from './dom.js';
import { isObject, keywordsAsText, metaRow, shown } from './meta-row.js';
import type { Send } from './render-fields.js';

const METHODS = ['computation', 'experiment', 'production'] as const;

/** The meta keys beside title, abstract, keywords and source that a mapping may hold, as docs/mapping.md lists them, with a hint each. */
const EXTRA: readonly (readonly [string, string])[] = [
  ['doi', '10.1016/j.actamat.2020.01.001'],
  ['institution', ''],
  ['contributor', ''],
  ['other_info.project', 'project id'],
  ['other_info.subject', 'subject id'],
  ['public', 'true or false'],
  ['public_date', 'years until public: 0'],
  ['public_range', '0 public, 1 project, 2 subject, 3 person'],
];
const MAIN = new Set(['title', 'abstract', 'keywords', 'source']);
/** Keys the curator added on this page and has not filled yet: drawn again until they are. */
const added = new Set<string>();

/** The extra keys the mapping holds (dotted, `other_info.project`), known ones in their order, then any other. */
function extraKeys(state: MapperState): string[] {
  const held: string[] = [];
  for (const [key, value] of Object.entries(state.meta)) {
    if (MAIN.has(key)) continue;
    if (key === 'other_info' && isObject(value) && Object.keys(value).length > 0)
      held.push(...Object.keys(value).map((k) => `${key}.${k}`));
    else held.push(key);
  }
  const known = EXTRA.map(([k]) => k);
  const all = new Set([...held, ...added]);
  return [...known.filter((k) => all.has(k)), ...[...all].filter((k) => !known.includes(k))];
}

/** The extra meta keys (doi, institution, other_info …) as rows like the title's, and a list to add one the mapping lacks. */
function renderExtra(state: MapperState, send: Send): HTMLElement {
  const keys = extraKeys(state);
  const row = (key: string): HTMLElement =>
    metaRow(state, send, ['meta', ...key.split('.')], key, EXTRA.find(([k]) => k === key)?.[1] ?? '');
  const missing = EXTRA.filter(([k]) => !keys.includes(k));
  const box = h('div', { id: 'meta-extra' }, ...keys.map(row));
  if (missing.length === 0) return box;
  const add = select('meta-add', [['', 'add another meta key…'], ...missing.map(([k]): [string, string] => [k, k])], '', (key) => {
    if (key === '') return;
    added.add(key);
    const shownRow = row(key);
    box.insertBefore(shownRow, addRow);
    add.querySelector(`option[value="${CSS.escape(key)}"]`)?.remove();
    add.value = '';
    shownRow.querySelector('input')?.focus();
  });
  const addRow = labelled('meta-add', 'more', add);
  box.append(addRow);
  return box;
}

/** The record's description (`meta`): title and abstract as text with column placeholders, keywords, source and methods. */
export function renderMeta(state: MapperState, send: Send): HTMLElement {
  const source = isObject(state.meta['source']) ? state.meta['source'] : {};
  const methods = Array.isArray(source['methods']) ? source['methods'] : [];
  // The server splits the text, so a column the list held as {column: k} keeps that form.
  const keywords = keywordsAsText(state.meta['keywords'])
    ? labelled(
        'meta-keywords',
        'keywords',
        textInput(
          'meta-keywords',
          shown(state.meta['keywords']),
          (text) => send([{ kind: 'keywords', path: ['meta', 'keywords'], text }]),
          'steel, {composition}',
        ),
      )
    : metaRow(state, send, ['meta', 'keywords'], 'keywords');
  const origin = select(
    'meta-source',
    [
      ['10', '10 — produced by us'],
      ['01', '01 — taken from a publication (give the reference)'],
    ],
    typeof source['source'] === 'string' ? source['source'] : '10',
    (value) => send([{ kind: 'set', path: ['meta', 'source', 'source'], value }]),
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
    metaRow(state, send, ['meta', 'title'], 'title', '{composition} measured at 300 K'),
    metaRow(state, send, ['meta', 'abstract'], 'abstract', 'what the records hold'),
    keywords,
    labelled('meta-source', 'source', origin),
    metaRow(state, send, ['meta', 'source', 'reference'], 'reference', '', 'meta-reference'),
    h('div', { class: 'row', role: 'group', 'aria-label': 'methods' }, h('span', { class: 'muted' }, 'methods'), ...boxes),
    renderExtra(state, send),
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
      : h(
          'ul',
          {},
          // A sample may be a long link: in .mono it wraps anywhere, so a phone's page never scrolls sideways.
          ...unused.map((c) =>
            h(
              'li',
              {},
              h('code', {}, c.name),
              ...(c.sample === '' ? [] : [' e.g. ', h('span', { class: 'mono' }, c.sample)]),
              ' — not used',
            ),
          ),
        ),
  );
}
