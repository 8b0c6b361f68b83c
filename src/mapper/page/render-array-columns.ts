/// <reference lib="dom" />
import type { FieldView, MapperEdit, MapperState } from '../mapper-api.js';
import { h, idOf, labelled, select } from './dom.js';

/**
 * An array read from several columns, one element each: the columns in order, each with a button
 * to take it out, and a list to add one (after the one-cell column, if the array read one so far).
 */
export function renderArrayColumns(state: MapperState, f: FieldView, send: (edits: readonly MapperEdit[]) => void): HTMLElement {
  const path = ['content', ...f.path];
  const listed = f.arrayColumns;
  const chips = listed.map((header, i) => {
    const drop = h('button', { type: 'button', id: idOf(`array-drop${i}`, f.path), 'aria-label': `take out ${header}` }, '×');
    drop.addEventListener('click', () => send([{ kind: 'arrayColumns', path, columns: listed.filter((c) => c !== header) }]));
    return h('span', { class: 'chip', 'data-header': header }, header, ' ', drop);
  });
  const id = idOf('array-add', f.path);
  const taken = new Set(listed);
  const options: [string, string][] = [['', listed.length === 0 ? '— or one element from each of several columns —' : '— add a column —']];
  for (const c of state.columns)
    if (c.name !== '' && !taken.has(c.name)) options.push([c.name, `${c.name}${c.sample === '' ? '' : ` — e.g. ${c.sample}`}`]);
  const add = select(id, options, '', (column) => {
    if (column === '') return;
    const before = listed.length > 0 ? listed : f.column !== undefined && f.column !== column ? [f.column] : [];
    send([{ kind: 'arrayColumns', path, columns: [...before, column] }]);
  });
  return h(
    'div',
    { id: idOf('array', f.path) },
    listed.length === 0 ? undefined : h('div', { class: 'row' }, h('span', { class: 'hint' }, 'one element from each of:'), ...chips),
    labelled(id, 'several columns', add),
  );
}
