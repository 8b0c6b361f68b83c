/// <reference lib="dom" />
import type { Json, MapperState } from '../mapper-api.js';
import { h, idOf, labelled, select, textInput } from './dom.js';
import type { Send } from './render-fields.js';

type JsonObject = { readonly [key: string]: Json };
export const isObject = (v: Json | undefined): v is JsonObject =>
  v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v);

/** A meta value as the text box shows it: a text, a column as `{name}`, a list joined by commas; init's FILL_IN as nothing yet. */
export function shown(value: Json | undefined): string {
  if (value === 'FILL_IN') return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value
      .map((v: Json) => shown(v))
      .filter((v) => v !== '')
      .join(', ');
  if (isObject(value) && typeof value['column'] === 'string' && Object.keys(value).length === 1) return `{${value['column']}}`;
  if (isObject(value) && typeof value['template'] === 'string' && Object.keys(value).length === 1) return value['template'];
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

/** A value the text box shows whole: anything else (a value map, a default, a constant) is edited as YAML, so nothing of it is lost. */
const asText = (value: Json | undefined): boolean =>
  value === undefined ||
  value === null ||
  typeof value !== 'object' ||
  (isObject(value) && Object.keys(value).length === 1 && (typeof value['column'] === 'string' || typeof value['template'] === 'string'));

/** Keywords the text box shows whole: each a text, a number, a lone column or text template (else they are edited as YAML). */
export const keywordsAsText = (value: Json | undefined): boolean =>
  (Array.isArray(value) ? value : [value]).every(
    (v: Json | undefined) => v === undefined || typeof v === 'string' || typeof v === 'number' || (isObject(v) && asText(v)),
  );

/** A column list to insert `{column}` into a text at the caret, as a text template writes it. */
function placeholderPicker(state: MapperState, target: HTMLInputElement, label: string): HTMLSelectElement {
  const options: [string, string][] = [
    ['', 'insert a column…'],
    ...state.columns.filter((c) => c.name !== '').map((c): [string, string] => [c.name, c.name]),
  ];
  const picker = select(`${target.id}-column`, options, '', (name) => {
    if (name === '') return;
    const at = target.selectionStart ?? target.value.length;
    target.value = `${target.value.slice(0, at)}{${name}}${target.value.slice(at)}`;
    target.dispatchEvent(new Event('change'));
  });
  picker.setAttribute('aria-label', `insert a column into ${label}`);
  return picker;
}

/** Keys whose values the platform takes as a boolean or a whole number: typed so, they are written so (`public: true`, not `"true"`). */
function typed(key: string, text: string): Json {
  if (key === 'public' && /^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  if ((key === 'public_date' || key === 'public_range') && /^\d{1,9}$/.test(text)) return Number(text);
  return text;
}

/**
 * One meta value at `path` (`['meta', 'doi']`): as text with `{column}` placeholders picked from a list
 * when the text shows it whole, else as one line of YAML (JSON is YAML too); left empty, the key is removed.
 */
export function metaRow(
  state: MapperState,
  send: Send,
  path: readonly string[],
  label: string,
  hint = '',
  id = idOf('meta', path.slice(1)),
): HTMLElement {
  let value: Json | undefined = state.meta;
  for (const step of path.slice(1)) value = isObject(value) && Object.hasOwn(value, step) ? value[step] : undefined;
  if (!asText(value)) {
    const yaml = textInput(id, JSON.stringify(value), (text) => send([{ kind: 'yaml', path, text }]), hint);
    return h('div', {}, labelled(id, `${label} (as YAML)`, yaml));
  }
  const key = path.at(-1) ?? '';
  // Emptying the last key of a map (other_info's project) removes the map, which would be left `{}`.
  let parent: Json | undefined = state.meta;
  for (const step of path.slice(1, -1)) parent = isObject(parent) ? parent[step] : undefined;
  const last = path.length > 2 && isObject(parent) && Object.keys(parent).every((k) => k === key);
  const input = textInput(
    id,
    shown(value),
    (text) =>
      send([
        text.trim() === ''
          ? { kind: 'set', path: last ? path.slice(0, -1) : [...path], value: null }
          : { kind: 'set', path: [...path], value: typed(key, text.trim()) },
      ]),
    hint,
  );
  return h('div', {}, labelled(id, label, input, placeholderPicker(state, input, label)));
}
