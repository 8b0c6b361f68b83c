import { fixedKeysBuilder, fixedKeysPicker, fixedKeysTest } from '../../src/util/fixed-keys.js';

/** Names that would break generated code written carelessly, or that a plain object treats specially. */
const HOSTILE_KEYS = [
  '成分',
  'a"b',
  "a'b",
  'back\\slash',
  '`${process.exit(9)}`',
  '"); process.exit(9); ("',
  '*/ process.exit(9) /*',
  'line\nbreak',
  'sep\u2028arator\u2029',
  'lone \ud800 surrogate \udfff',
  '',
  ' ',
  '0',
  '42',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
];

/** What `object[key] = value` per defined value gives (`__proto__` as an own property). */
function byHand(keys: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  keys.forEach((key, i) => {
    const v = values[i];
    if (v === undefined) return;
    Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
  });
  return out;
}

describe('fixedKeysBuilder', () => {
  test('builds the object a loop of assignments builds, key for key and in the same order, whatever the names', () => {
    const values = HOSTILE_KEYS.map((_, i) => (i % 3 === 0 ? `v${i}` : i % 3 === 1 ? i : { nested: i }));
    const built = fixedKeysBuilder<unknown>(HOSTILE_KEYS)(values);
    expect(Object.getPrototypeOf(built)).toBe(Object.prototype);
    expect(Object.keys(built)).toEqual(Object.keys(byHand(HOSTILE_KEYS, values)));
    expect(JSON.stringify(built)).toBe(JSON.stringify(byHand(HOSTILE_KEYS, values)));
    expect(Object.getOwnPropertyDescriptor(built, '__proto__')?.value).toBe(values[HOSTILE_KEYS.indexOf('__proto__')]);
  });

  test('leaves out the keys whose value is undefined and keeps null, zero and empty text', () => {
    const build = fixedKeysBuilder<unknown>(['a', 'b', 'c', 'd', 'e']);
    expect(JSON.stringify(build([undefined, null, 0, '', undefined]))).toBe('{"b":null,"c":0,"d":""}');
    expect(Object.keys(build([undefined, undefined, undefined, undefined, undefined]))).toEqual([]);
  });

  test('no name runs as code: the generated source holds each name only as a string literal', () => {
    const before = Object.keys(globalThis).length;
    const build = fixedKeysBuilder<number>(HOSTILE_KEYS);
    const built = build(HOSTILE_KEYS.map((_, i) => i));
    expect(Object.keys(built)).toHaveLength(HOSTILE_KEYS.length);
    expect(Object.keys(globalThis).length).toBe(before);
  });
});

describe('fixedKeysPicker', () => {
  test('reads own values only and counts those not undefined, whatever the names', () => {
    const values = HOSTILE_KEYS.map((_, i) => (i % 2 === 0 ? i : undefined));
    const object = byHand(HOSTILE_KEYS, values);
    const out: unknown[] = [];
    const found = fixedKeysPicker(HOSTILE_KEYS)(object, out);
    expect(out).toEqual(values);
    expect(found).toBe(values.filter((v) => v !== undefined).length);
  });

  test('does not take a key inherited from Object.prototype for a value', () => {
    const out: unknown[] = [];
    expect(fixedKeysPicker(['constructor', 'toString', '__proto__', 'x'])({ x: 1 }, out)).toBe(1);
    expect(out).toEqual([undefined, undefined, undefined, 1]);
  });

  test('reads an object without a prototype, and refuses (-1) one with any other prototype, reading nothing', () => {
    const pick = fixedKeysPicker(['a', 'b']);
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 });
    const out: unknown[] = [];
    expect(pick(bare, out)).toBe(1);
    expect(out).toEqual([1, undefined]);
    const inherited = Object.create({ a: 'inherited' }) as Record<string, unknown>;
    inherited['b'] = 2;
    const untouched: unknown[] = ['kept'];
    expect(pick(inherited, untouched)).toBe(-1);
    expect(untouched).toEqual(['kept']);
  });

  test('an own key set to undefined is read but not counted', () => {
    const out: unknown[] = [];
    expect(fixedKeysPicker(['a', 'b'])({ a: undefined, b: 0 }, out)).toBe(1);
    expect(out).toEqual([undefined, 0]);
  });
});

describe('fixedKeysTest', () => {
  test('says yes to each of its keys and no to any other text, whatever the names, for short lists and long ones', () => {
    const long = [...HOSTILE_KEYS, ...Array.from({ length: 40 }, (_, i) => `field ${i}`)];
    for (const keys of [HOSTILE_KEYS, long]) {
      const isKey = fixedKeysTest(keys);
      expect(keys.filter((k) => !isKey(k))).toEqual([]);
      const others = ['成', 'a"', '__proto__ ', 'Constructor', '00', '4', 'field 40', 'lone \ud800', 'sep\u2028'];
      expect(others.filter((k) => isKey(k))).toEqual([]);
    }
    expect(fixedKeysTest([])('')).toBe(false);
  });
});
