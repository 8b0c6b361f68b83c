/// <reference lib="dom" />
// The page's modules run in the browser: they use its document.

/** A child of {@link h}: an element, a text, or nothing. */
export type Child = Node | string | number | false | null | undefined;

/**
 * An element with attributes (`true` sets an empty one, `false`/undefined leaves it out) and children.
 * Text is always set as text, never parsed as markup.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Readonly<Record<string, string | boolean | undefined>> = {},
  ...children: readonly Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === true) el.setAttribute(name, '');
    else if (typeof value === 'string') el.setAttribute(name, value);
  }
  for (const child of children) {
    if (child === false || child === null || child === undefined) continue;
    el.append(typeof child === 'number' ? String(child) : child);
  }
  return el;
}

/** An id made of a field's path and a control's role, the same on every drawing (focus is kept by it). */
export function idOf(role: string, path: readonly string[]): string {
  return `${role}-${path.map((p) => encodeURIComponent(p)).join('.')}`;
}

/** A number with thousands separators. */
export const n = (value: number): string => value.toLocaleString('en-US');

/** A `<select>` of options `[value, label]`, the given value selected. */
export function select(
  id: string,
  options: readonly (readonly [string, string])[],
  selected: string,
  onChange: (value: string) => void,
): HTMLSelectElement {
  const el = h('select', { id });
  for (const [value, label] of options) el.append(h('option', { value, selected: value === selected }, label));
  el.addEventListener('change', () => onChange(el.value));
  return el;
}

/** A text input that reports its value when it changes (on leaving it or Enter), not at each key. */
export function textInput(id: string, value: string, onChange: (value: string) => void, placeholder = ''): HTMLInputElement {
  const el = h('input', { id, type: 'text', value, placeholder: placeholder || undefined });
  el.addEventListener('change', () => onChange(el.value));
  return el;
}

/** A labelled row: the label names the control for screen readers and clicks. */
export function labelled(id: string, label: string, ...controls: readonly Child[]): HTMLDivElement {
  return h('div', { class: 'row' }, h('label', { for: id }, label), ...controls);
}
