import type { JsonValue } from '../../template/record-types.js';

/** Code-unit order, the order of `Array.prototype.sort` and of canonical JSON. */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Sets a key from a template on a record object. A field named `__proto__` becomes an own property
 * instead of replacing the object's prototype (where `JSON.stringify` would silently drop it).
 */
export function setKey(target: { [key: string]: JsonValue }, key: string, value: JsonValue): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** True for names a JS object orders before all others (array-index-like), which breaks emission order. */
export function isIndexLike(name: string): boolean {
  return /^(?:0|[1-9]\d{0,9})$/.test(name) && Number(name) < 4294967295;
}
