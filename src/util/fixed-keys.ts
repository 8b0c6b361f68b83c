/**
 * Property access by a run-time list of key names, compiled once per list into one site per name: a
 * loop over the names makes one site V8 handles generically (a ten-field record: ~180/~150 ns to build
 * and read, against ~30/~6 ns). The source holds names only as `JSON.stringify` literals, so no name
 * can run as code (tested with quotes, separators, lone surrogates).
 */

/** Builds an object with the keys of {@link fixedKeysBuilder}, from values in the keys' order. */
export type FixedKeysBuilder<T> = (values: readonly (T | undefined)[]) => Record<string, T>;

/**
 * Copies the keys' values into `out` and returns how many are defined. A key `Object.prototype` has
 * is read as own only; other keys as `object[key]`, so a caller needing own values checks (the fast
 * record check does). -1, reading nothing, for another prototype than `Object.prototype` or null.
 */
export type FixedKeysPicker = (object: object, out: unknown[]) => number;

/** Tells whether a key is one of {@link fixedKeysTest}'s keys. */
export type FixedKeysTest = (key: string) => boolean;

const literal = (key: string): string => JSON.stringify(key);

/**
 * Keys up to which {@link fixedKeysTest} compares a key with each in turn (a `switch`, ~1 ns a key
 * compared); past this a `Set` (~6 ns a lookup) costs less.
 */
const SWITCH_MAX_KEYS = 32;

/** Sets `key` as an own data property: `__proto__` then does not replace the prototype. */
function defineOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * An object builder for `keys`: key i takes `values[i]`, in the keys' order, and a key whose value is
 * undefined is left out (as `object[key] = value` for each defined value would).
 */
export function fixedKeysBuilder<T>(keys: readonly string[]): FixedKeysBuilder<T> {
  const lines = keys.map((key, i) =>
    key === '__proto__'
      ? `x = v[${i}]; if (x !== undefined) define(o, ${literal(key)}, x);`
      : `x = v[${i}]; if (x !== undefined) o[${literal(key)}] = x;`,
  );
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the source is built from numbers and JSON string literals only (see the file's comment)
  const make = new Function('define', `'use strict'; return function build(v) { const o = {}; let x; ${lines.join(' ')} return o; };`) as (
    define: typeof defineOwn,
  ) => FixedKeysBuilder<T>;
  return make(defineOwn);
}

/** A picker for `keys` (see {@link FixedKeysPicker}). */
export function fixedKeysPicker(keys: readonly string[]): FixedKeysPicker {
  // A key `Object.prototype` has (`constructor`, `toString`, `__proto__` …) would be found inherited:
  // those few are asked for as own properties.
  const lines = keys.map((key, i) => {
    const k = literal(key);
    const read = key in Object.prototype ? `hasOwn(o, ${k}) ? o[${k}] : undefined` : `o[${k}]`;
    return `x = ${read}; out[${i}] = x; if (x !== undefined) n++;`;
  });
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the source is built from numbers and JSON string literals only (see the file's comment)
  const make = new Function(
    'hasOwn',
    'plain',
    `'use strict'; return function pick(o, out) { const p = Object.getPrototypeOf(o); if (p !== plain && p !== null) return -1; let n = 0; let x; ${lines.join(' ')} return n; };`,
  ) as (hasOwn: typeof Object.hasOwn, plain: object) => FixedKeysPicker;
  return make(Object.hasOwn, Object.prototype);
}

/** A test of whether a key is one of `keys`. */
export function fixedKeysTest(keys: readonly string[]): FixedKeysTest {
  if (keys.length > SWITCH_MAX_KEYS) {
    const set = new Set(keys);
    return (key) => set.has(key);
  }
  const cases = keys.map((key) => `case ${literal(key)}:`).join(' ');
  const body = keys.length === 0 ? 'return false;' : `switch (key) { ${cases} return true; default: return false; }`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the source is built from JSON string literals only (see the file's comment)
  const make = new Function(`'use strict'; return function isKey(key) { ${body} };`) as () => FixedKeysTest;
  return make();
}
