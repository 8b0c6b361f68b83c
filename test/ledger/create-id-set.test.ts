import { createIdSet } from '../../src/ledger/create-id-set.js';
import { makeTempDir } from '../helpers/temp-dir.js';

describe('createIdSet', () => {
  test('holds each id once, whatever its size; 300,000 ids cost the index slots in memory, not the heap', () => {
    const ids = createIdSet();
    expect(ids.add(777)).toBe(true);
    expect(ids.add(777)).toBe(false);
    expect(ids.has(777)).toBe(true);
    expect(ids.has(778)).toBe(false);
    expect(ids.add(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(ids.has(Number.MAX_SAFE_INTEGER - 1)).toBe(false);
    for (let id = 1; id <= 300_000; id++) ids.add(id * 7919);
    expect(ids.size).toBe(300_002 - (ids.has(777) && 777 % 7919 === 0 ? 1 : 0));
    expect(ids.has(7919 * 150_000)).toBe(true);
    expect(ids.has(7919 * 150_000 + 1)).toBe(false);
    // 4-byte slots at load 0.5–0.75 plus the digests (16 bytes an id) while nothing spills.
    expect(ids.bytes / ids.size).toBeLessThan(16 + 8.5);
    ids.close();
  });

  test('with a spill folder, older digests go to a file: about 5–8 bytes an id stay in memory', async () => {
    const ids = createIdSet({ spillDirs: [await makeTempDir('mge-ids-')] });
    for (let id = 1; id <= 300_000; id++) ids.add(id);
    expect(ids.size).toBe(300_000);
    expect(ids.spilledBytes).toBeGreaterThan(0);
    // The index's slots, plus two resident pages of digests (2 MiB).
    expect((ids.bytes - 2 * 1024 * 1024) / ids.size).toBeLessThanOrEqual(8.5);
    expect(ids.has(1)).toBe(true);
    expect(ids.has(300_001)).toBe(false);
    ids.close();
  });
});
