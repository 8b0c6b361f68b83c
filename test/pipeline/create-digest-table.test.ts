import { createDigestTable } from '../../src/pipeline/create-digest-table.js';

describe('createDigestTable', () => {
  test('stores a number for a new key and gives it back for the same key, not for another', () => {
    const table = createDigestTable();
    expect(table.getOrSet('["a"]', 7)).toBeUndefined();
    expect(table.getOrSet('["b"]', 0)).toBeUndefined();
    expect(table.getOrSet('["a"]', 99)).toBe(7);
    expect(table.getOrSet('["b"]', 99)).toBe(0);
    expect(table.size).toBe(2);
  });

  test('keeps every key and its number through many growths, including the largest packed numbers', () => {
    const table = createDigestTable();
    const count = 200_000;
    const packed = (i: number): number => (i % 3) * 2 ** 32 + i;
    let known = 0;
    for (let i = 0; i < count; i++) if (table.getOrSet(`["row-${i}"]`, packed(i)) !== undefined) known += 1;
    expect(known).toBe(0);
    expect(table.getOrSet('["last"]', Number.MAX_SAFE_INTEGER - 1)).toBeUndefined();
    const lost: number[] = [];
    for (let i = 0; i < count; i++) if (table.getOrSet(`["row-${i}"]`, -1) !== packed(i)) lost.push(i);
    expect(lost).toEqual([]);
    expect(table.getOrSet('["last"]', 0)).toBe(Number.MAX_SAFE_INTEGER - 1);
    expect(table.size).toBe(count + 1);
  });

  test('holds at most 60 bytes a key outside the JavaScript heap', () => {
    const table = createDigestTable();
    for (let i = 0; i < 50_000; i++) table.getOrSet(`k${i}`, i);
    expect(table.bytes).toBeLessThanOrEqual(60 * 50_000);
    expect(table.bytes).toBeGreaterThanOrEqual(24 * 50_000);
  });
});
