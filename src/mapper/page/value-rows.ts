/// <reference lib="dom" />
import type { FieldView, MapperEdit } from '../mapper-api.js';
import { h, idOf, labelled, select, textInput } from './dom.js';

type Send = (edits: readonly MapperEdit[]) => void;

/** Field types that take one value (a cell or a constant), as the server's edits allow. */
export const ONE_VALUE = new Set(['string', 'number', 'range', 'image', 'file', 'choice']);

const path = (f: FieldView): string[] => ['content', ...f.path];

/**
 * A value typed for a field or a table column: a list of the options for a choice, else a text box.
 * The empty option (or text) reports null, with `none` saying what that means.
 */
export function valueControl(
  id: string,
  options: readonly string[],
  current: string | undefined,
  none: string,
  onChange: (value: string | null) => void,
): HTMLElement {
  if (options.length === 0) return textInput(id, current ?? '', (text) => onChange(text.trim() === '' ? null : text), none);
  const listed: [string, string][] = [['', `— ${none} —`], ...options.map((o): [string, string] => [o, o])];
  if (current !== undefined && !options.includes(current)) listed.push([current, `${current} (not an option)`]);
  return select(id, listed, current ?? '', (value) => onChange(value === '' ? null : value));
}

/** The id of the row of a field's one value for every record, which the column picker shows when it is chosen there. */
export const constantRowId = (f: FieldView): string => idOf('const-row', f.path);

/**
 * One value for every record in place of a column (`{const: 空气}`, `650`): shown while the field
 * has one, or once "a fixed value" is chosen in the column picker.
 */
export function constantRow(f: FieldView, send: Send): HTMLElement {
  const id = idOf('const', f.path);
  const control = valueControl(id, f.options, f.constant, 'not mapped', (value) => send([{ kind: 'constant', path: path(f), value }]));
  const unit = f.unit === undefined ? '' : `, in ${f.unit}`;
  return h(
    'div',
    { id: constantRowId(f), hidden: f.constant === undefined },
    labelled(id, 'every record gets', control),
    h('div', { class: 'hint' }, `the same value for every record, read from no column${unit}`),
  );
}

/** What a blank cell of the field's column gives (`default:`): by default nothing, and the field is left out of that record. */
export function blankRow(f: FieldView, send: Send): HTMLElement {
  const id = idOf('default', f.path);
  const control = valueControl(id, f.options, f.blank, 'leave the field out', (value) => send([{ kind: 'default', path: path(f), value }]));
  const unit = f.type === 'number' || f.type === 'range' ? " (in the column's unit)" : '';
  return labelled(id, `when the cell is blank${unit}`, control);
}
