import { readdir } from 'node:fs/promises';
import { createDigestTable } from '../../../src/pipeline/stages/create-digest-table.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

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

  test('with a folder to spill to, keeps 12 to 20 bytes a key beside the newest pages, and every number', async () => {
    const dir = await makeTempDir('mge-seen-');
    const table = createDigestTable({ spillDirs: [dir] });
    const count = 5 * 65_536;
    let known = 0;
    for (let i = 0; i < count; i++) if (table.getOrSet(`["row-${i}"]`, i * 3) !== undefined) known += 1;
    expect(known).toBe(0);
    // Digests (16 bytes) and numbers (8) of all but the newest two pages are in files.
    expect(table.spilledBytes).toBe(3 * 65_536 * (16 + 8));
    expect(table.bytes - 2 * 65_536 * (16 + 8)).toBeLessThan(21 * count);
    // Keys met again, spilled or not, give their own numbers back.
    const lost: number[] = [];
    for (let i = 0; i < count; i += 101) if (table.getOrSet(`["row-${i}"]`, -1) !== i * 3) lost.push(i);
    expect(lost).toEqual([]);
    table.close();
    expect(await readdir(dir)).toEqual([]);
  });
});
