import { readdir } from 'node:fs/promises';
import { createDigestIndex, MAX_PRESIZED_SLOTS } from '../../src/ledger/create-digest-index.js';
import { keyDigest } from '../../src/ledger/key-digest.js';
import { makeTempDir } from '../helpers/temp-dir.js';

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
    // Three pages of 16-byte digests, and 5.3 to 8 bytes of index slots a key (the tag inside).
    expect(index.bytes).toBeLessThanOrEqual(3 * 65_536 * 16 + 8 * count);
  });

  test('with a folder to spill to, keeps the digests of older keys in a file and finds every key by them', async () => {
    const dir = await makeTempDir('mge-digests-');
    const index = createDigestIndex({ spillDirs: [dir] });
    const count = 5 * 65_536;
    for (let i = 0; i < count; i++) if (index.find(`k${i}`) !== -1 || index.add(`k${i}`) !== i) throw new Error(`misnumbered ${i}`);
    expect(index.spilledBytes).toBe(3 * 65_536 * 16);
    // Beside the newest two pages of digests: 5.3 to 8 bytes of slots a key (load 0.5 to 0.75), the tag inside.
    expect(index.bytes - 2 * 65_536 * 16).toBeLessThanOrEqual(8 * count);
    // Every key found, in order and out of order (a spilled digest read back for each tag that matches).
    const lost: number[] = [];
    for (let i = 0; i < count; i++) if (index.find(`k${i}`) !== i) lost.push(i);
    for (let i = count - 1; i >= 0; i -= 7919) if (index.find(`k${i}`) !== i) lost.push(i);
    expect(lost).toEqual([]);
    // A key not held matches no digest, though its tag may share a slot's chain; its probes read a
    // digest back only when a tag matches by chance (13 bits of tag here: about once in 8,192 probes).
    const extra: string[] = [];
    const before = index.readBacks;
    for (let i = 0; i < 20_000; i++) if (index.find(`other-${i}`) !== -1) extra.push(`other-${i}`);
    expect(extra).toEqual([]);
    expect(index.readBacks - before).toBeLessThan(200);
    // A spilled digest reads back as the key's own.
    const want = new Uint32Array(4);
    const got = new Uint32Array(4);
    keyDigest('k12345', want);
    index.digestAt(12_345, got);
    expect([...got]).toEqual([...want]);
    index.close();
    expect(await readdir(dir)).toEqual([]);
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

  test('digests made to share a slot (the same first word) differ in their tags: they are told apart in memory, no digest read back', async () => {
    const index = createDigestIndex({ spillDirs: [await makeTempDir('mge-digests-')] });
    const count = 4_000;
    const words = new Uint32Array(4);
    for (let i = 0; i < count; i++) {
      words.set([0x5eed, (i * 2654435761) >>> 0, i, ~i >>> 0]);
      expect(index.addDigest(words)).toBe(i);
    }
    // One chain of 4,000 entries probed 8 million times: had the tag been the placing word, every probe would read a digest.
    expect(index.readBacks).toBe(0);
    words.set([0x5eed, (1234 * 2654435761) >>> 0, 1234, ~1234 >>> 0]);
    expect(index.addDigest(words)).toBe(-1);
    expect(index.readBacks).toBe(1);
    index.close();
  });

  test('starts large enough for the keys it expects (a restore), and no larger than the cap whatever a count claims', () => {
    const expecting = createDigestIndex({ expected: 300_000 });
    // 500,000 slots of 4 bytes hold 300,000 keys at a load of 0.6: made at once, not grown to.
    expect(expecting.bytes).toBe(4 * 500_000);
    for (let i = 0; i < 300_000; i++) expecting.add(expecting.find(`k${i}`) === -1 ? `k${i}` : '');
    const pages = Math.ceil(300_000 / 65_536);
    expect(expecting.bytes).toBe(4 * 500_000 + pages * 65_536 * 16);
    expect(expecting.find('k299999')).toBe(299_999);
    expect(createDigestIndex({ expected: 2 ** 40 }).bytes).toBe(4 * MAX_PRESIZED_SLOTS);
  });
});
