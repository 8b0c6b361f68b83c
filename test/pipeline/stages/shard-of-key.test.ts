import { createHash } from 'node:crypto';
import { shardOfKey } from '../../../src/pipeline/stages/shard-of-key.js';
import { selectShard } from '../../../src/pipeline/stages/select-shard.js';
import type { MappedRow } from '../../../src/mapping/rows/mapped-row.js';

async function* rowsOf(keys: readonly string[]): AsyncGenerator<MappedRow> {
  for (const key of keys) yield { key } as MappedRow;
}

async function keysOf(rows: AsyncIterable<MappedRow>): Promise<string[]> {
  const keys: string[] = [];
  for await (const row of rows) keys.push(row.key);
  return keys;
}

describe('shardOfKey', () => {
  // Pinned: a shard must never move between versions, machines or Node releases (docs/scheduling.md).
  test.each([
    ['a', 4, 2],
    ['a', 7, 2],
    ['', 4, 2],
    ['', 7, 1],
    ['["GH4169","650"]', 4, 3],
    ['数据-1', 4, 1],
    ['数据-1', 7, 4],
  ])('%j of %i is shard %i', (key, count, shard) => {
    expect(shardOfKey(key, count)).toBe(shard);
  });

  test('is the first four bytes of the SHA-256 of the UTF-8 key, big-endian, modulo N', () => {
    for (const key of ['x', 'GH4169', '数据ID 17', '["a","b"]']) {
      const first = Number.parseInt(createHash('sha256').update(Buffer.from(key, 'utf8')).digest('hex').slice(0, 8), 16);
      for (const n of [1, 2, 3, 10, 1000]) expect(shardOfKey(key, n)).toBe(first % n);
    }
  });
});

describe('selectShard', () => {
  const keys = Array.from({ length: 500 }, (_, i) => JSON.stringify([`alloy-${i}`]));

  test('the shards of N partition the rows: every row in exactly one, the others counted', async () => {
    const seen: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const selection = selectShard(rowsOf(keys), { index, count: 5 });
      const mine = await keysOf(selection.rows);
      expect(selection.others()).toBe(keys.length - mine.length);
      expect(mine.length).toBeGreaterThan(50);
      seen.push(...mine);
    }
    expect(seen.sort()).toEqual([...keys].sort());
  });

  test("without a shard every row goes through and none is counted as another shard's", async () => {
    const selection = selectShard(rowsOf(keys), undefined);
    expect(await keysOf(selection.rows)).toEqual(keys);
    expect(selection.others()).toBe(0);
  });
});
