import { createDigestIndex } from '../../src/util/create-digest-index.js';

describe('createDigestIndex', () => {
  test('numbers keys in the order they were added and finds each again, through many growths', () => {
    const index = createDigestIndex();
    const count = 150_000; // over two pages of digests, the index doubled eight times
    const misnumbered: number[] = [];
    for (let i = 0; i < count; i++) {
      if (index.find(`["row-${i}"]`) !== -1 || index.add(`["row-${i}"]`) !== i) misnumbered.push(i);
    }
    expect(misnumbered).toEqual([]);
    const lost: number[] = [];
    for (let i = 0; i < count; i++) if (index.find(`["row-${i}"]`) !== i) lost.push(i);
    expect(lost).toEqual([]);
    expect(index.find('["row-unknown"]')).toBe(-1);
    expect(index.size).toBe(count);
    // 16 bytes of digest and 8 to 16 of index slots a key, once the pages fill.
    expect(index.bytes / count).toBeLessThan(40);
  });

  test('refuses to add a key that is not the one the last find missed', () => {
    const index = createDigestIndex();
    expect(index.find('a')).toBe(-1);
    expect(() => index.add('b')).toThrow(/not the key of the last find/);
    expect(index.add('a')).toBe(0);
    // Added once: a second add without a find that missed would number the key twice.
    expect(() => index.add('a')).toThrow(/not the key of the last find/);
    expect(index.find('a')).toBe(0);
    expect(() => index.add('a')).toThrow(/not the key of the last find/);
  });
});
