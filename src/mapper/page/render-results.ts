/// <reference lib="dom" />
import type { CountsView, MapperState, PreviewRecordView } from '../mapper-api.js';
import { h, n } from './dom.js';

const COUNTED = ['files', 'rows', 'records', 'valid', 'invalid', 'duplicate'] as const;

/** The mapping's own problems (nothing is read while there are any) and the check's warnings. */
export function renderProblems(state: MapperState): HTMLElement {
  const ok = state.problems.length === 0;
  return h(
    'section',
    { id: 'problems', 'aria-labelledby': 'problems-heading' },
    h('h2', { id: 'problems-heading' }, ok ? 'The mapping checks out' : `The mapping has ${state.problems.length} problem(s)`),
    ok
      ? h('p', { class: 'good' }, 'it fits the template and the header: every row is read and checked below')
      : h(
          'ul',
          { class: 'problems bad' },
          ...state.problems.map((p) =>
            h(
              'li',
              { 'data-code': p.code },
              h('code', {}, p.code),
              ` ${p.message}`,
              p.path === '' ? '' : h('span', { class: 'muted' }, ` (${p.path})`),
            ),
          ),
        ),
    state.warnings.length === 0 ? undefined : h('ul', { class: 'warn' }, ...state.warnings.map((w) => h('li', {}, w))),
  );
}

/** The background validate: progress, the counts `validate` prints, by code, and the first problems at their cells. */
export function renderCounts(state: MapperState, counts: CountsView | undefined): HTMLElement {
  const body: (Node | string)[] = [];
  if (counts === undefined)
    body.push(h('p', { class: 'muted' }, state.problems.length > 0 ? 'no row is read while the mapping has problems' : 'starting…'));
  else {
    const stale = counts.revision !== state.revision;
    body.push(
      h('progress', { max: '1', value: String(counts.done ? 1 : counts.fraction), 'aria-label': 'share of the input read' }),
      h(
        'p',
        { class: 'status', id: 'counts-status', 'data-done': String(counts.done && !stale), 'data-revision': String(counts.revision) },
        counts.failure ??
          (counts.done ? `whole input checked in ${n(counts.elapsedMs)} ms` : `reading… ${Math.round(counts.fraction * 100)} %`),
      ),
      h(
        'div',
        { class: 'counts' },
        ...COUNTED.map((k) => h('div', { class: `count ${k}`, 'data-count': k }, h('span', { class: 'n' }, n(counts[k])), k)),
      ),
    );
    const codes = Object.entries(counts.invalidByCode);
    if (codes.length > 0)
      body.push(
        h(
          'table',
          { id: 'by-code' },
          h('thead', {}, h('tr', {}, h('th', {}, 'code'), h('th', {}, 'problems'), h('th', {}, 'records'))),
          h(
            'tbody',
            {},
            ...codes.map(([code, records]) =>
              h(
                'tr',
                { 'data-code': code },
                h('td', {}, h('code', {}, code)),
                h('td', {}, n(counts.problemsByCode[code] ?? records)),
                h('td', {}, n(records)),
              ),
            ),
          ),
        ),
      );
    if (counts.firstProblems.length > 0)
      body.push(
        h('h3', {}, 'First problems'),
        h(
          'table',
          { id: 'first-problems' },
          h('thead', {}, h('tr', {}, h('th', {}, 'cell'), h('th', {}, 'field'), h('th', {}, 'found'), h('th', {}, 'problem'))),
          h(
            'tbody',
            {},
            ...counts.firstProblems.map((p) =>
              h(
                'tr',
                {},
                h('td', { class: 'mono' }, p.cell),
                h('td', {}, p.field),
                h('td', {}, p.found),
                h('td', {}, h('code', {}, p.code), ` ${p.message}`),
              ),
            ),
          ),
        ),
      );
  }
  return h(
    'section',
    { id: 'counts', 'aria-labelledby': 'counts-heading', 'aria-live': 'polite' },
    h('h2', { id: 'counts-heading' }, 'Whole input (validate)'),
    ...body,
  );
}

function recordBox(r: PreviewRecordView, i: number): HTMLElement {
  return h(
    'div',
    { class: 'record', 'data-record': String(i) },
    h(
      'h3',
      {},
      `${r.rows} `,
      h('span', { class: 'muted' }, `key ${r.key}`),
      r.problems.length > 0 ? h('span', { class: 'bad' }, ' invalid') : '',
    ),
    h(
      'table',
      {},
      h('thead', {}, h('tr', {}, h('th', {}, 'field'), h('th', {}, 'sent'), h('th', {}, 'from'))),
      h(
        'tbody',
        {},
        ...r.values.map((v) =>
          h(
            'tr',
            { 'data-path': v.path },
            h('td', {}, v.path),
            h('td', { class: 'mono' }, JSON.stringify(v.value)),
            h(
              'td',
              { class: 'mono' },
              v.cell === '' ? h('span', { class: 'muted' }, 'the mapping') : `${v.cell}: ${v.conversion || v.found}`,
            ),
          ),
        ),
      ),
    ),
    r.problems.length === 0
      ? undefined
      : h('ul', { class: 'problems bad' }, ...r.problems.map((p) => h('li', {}, `${p.cell} ${p.code}: ${p.message}`))),
  );
}

/** The first records as they would be sent, each value beside its cell, as `preview` shows them. */
export function renderPreview(state: MapperState): HTMLElement {
  return h(
    'section',
    { id: 'preview', 'aria-labelledby': 'preview-heading' },
    h('h2', { id: 'preview-heading' }, `First ${state.preview.length} record(s) as sent`),
    ...(state.preview.length === 0
      ? [h('p', { class: 'muted' }, 'none yet: the mapping must check out first')]
      : state.preview.map(recordBox)),
  );
}

/** What to run once saved, and the mapping's text as Save writes it. */
export function renderNext(state: MapperState, saved: string): HTMLElement {
  return h(
    'section',
    { id: 'next', 'aria-labelledby': 'next-heading' },
    h('h2', { id: 'next-heading' }, 'Next'),
    h('p', { id: 'save-status', class: 'status' }, saved),
    h('p', { class: 'hint' }, 'After saving, run:'),
    ...state.next.map((c) => h('pre', { class: 'command' }, c)),
    h('details', {}, h('summary', {}, `${state.mappingFile} as it will be saved`), h('pre', { id: 'mapping-text' }, state.text)),
  );
}
