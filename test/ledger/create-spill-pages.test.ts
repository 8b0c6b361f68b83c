import { chmod, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createSpillPages } from '../../src/ledger/create-spill-pages.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const entry = (i: number): Buffer => {
  const b = Buffer.alloc(12);
  b.writeUInt32LE(i, 0);
  b.writeDoubleLE(i * 1.5, 4);
  return b;
};

describe('createSpillPages', () => {
  test('keeps every entry, moving all but the newest pages to a file that no folder lists', async () => {
    const dir = await makeTempDir('mge-spill-');
    const pages = createSpillPages(12, { pageEntries: 100, residentPages: 2, dirs: [dir] });
    for (let i = 0; i < 1_050; i++) pages.write(i, entry(i));
    expect(pages.count).toBe(1_050);
    // 11 pages made: the 2 newest in memory, 9 in the file.
    expect(pages.residentBytes).toBe(2 * 100 * 12);
    expect(pages.spilledBytes).toBe(9 * 100 * 12);
    // Unlinked at once: nothing is left behind for a crash to strand.
    expect(await readdir(dir)).toEqual([]);
    // Rewritten in place, in memory and in the file alike.
    for (const i of [0, 99, 500, 1_049]) pages.write(i, entry(i + 7));
    const into = Buffer.alloc(12);
    const wrong: number[] = [];
    for (let i = 0; i < 1_050; i++) {
      pages.read(i, into);
      const want = [0, 99, 500, 1_049].includes(i) ? i + 7 : i;
      if (!into.equals(entry(want))) wrong.push(i);
    }
    expect(wrong).toEqual([]);
    pages.close();
    expect(() => pages.read(0, into)).toThrow(/closed/);
  });

  test('reads the file a block at a time: in order, one read per block; in any order, what was written last', async () => {
    const dir = await makeTempDir('mge-spill-');
    // 12-byte entries: 341 to a 4 KiB block; 10 pages of 1,000 in the file, 2 in memory.
    const pages = createSpillPages(12, { pageEntries: 1_000, residentPages: 2, dirs: [dir] });
    for (let i = 0; i < 12_000; i++) pages.write(i, entry(i));
    expect(pages.spilledBytes).toBe(10_000 * 12);
    const into = Buffer.alloc(12);
    const wrong: number[] = [];
    for (let i = 0; i < 10_000; i++) {
      pages.read(i, into);
      if (!into.equals(entry(i))) wrong.push(i);
    }
    expect(wrong).toEqual([]);
    expect(pages.fileReads).toBe(Math.ceil(10_000 / 341));
    // A write to an entry of the block held is seen by the next read of it (no read of the file), and so
    // is one to another block (which takes that block, writing the changed one back).
    pages.read(5_000, into);
    const before = pages.fileReads;
    pages.write(5_001, entry(70_001));
    expect(pages.fileReads).toBe(before);
    pages.read(5_001, into);
    expect(into.equals(entry(70_001))).toBe(true);
    pages.write(9_999, entry(79_999));
    expect(pages.fileWrites).toBe(1);
    pages.read(5_001, into);
    expect(into.equals(entry(70_001))).toBe(true);
    pages.read(9_999, into);
    expect(into.equals(entry(79_999))).toBe(true);
    // Out of order (every 997th entry, wrapping): each read right, none reading more than one block.
    const start = pages.fileReads;
    for (let k = 0, i = 0; k < 200; k++, i = (i + 997) % 10_000) {
      pages.read(i, into);
      const want = i === 5_001 ? 70_001 : i === 9_999 ? 79_999 : i;
      if (!into.equals(entry(want))) wrong.push(i);
    }
    expect(wrong).toEqual([]);
    expect(pages.fileReads - start).toBeLessThanOrEqual(200);
    pages.close();
  });

  test('changes spilled entries a block at a time: in order, one read and one write per block, and nothing lost', async () => {
    const dir = await makeTempDir('mge-spill-');
    const pages = createSpillPages(12, { pageEntries: 1_000, residentPages: 2, dirs: [dir] });
    for (let i = 0; i < 12_000; i++) pages.write(i, entry(i));
    // A fold that meets every key again (a skipped line per row) changes them in the order they came.
    for (let i = 0; i < 10_000; i++) pages.write(i, entry(i + 100_000));
    const blocks = Math.ceil(10_000 / 341);
    expect(pages.fileReads).toBe(blocks);
    // The last block is still held: written back only when another block is taken.
    expect(pages.fileWrites).toBe(blocks - 1);
    const into = Buffer.alloc(12);
    const wrong: number[] = [];
    for (let i = 9_999; i >= 0; i -= 7) {
      pages.read(i, into);
      if (!into.equals(entry(i + 100_000))) wrong.push(i);
    }
    expect(wrong).toEqual([]);
    pages.close();
  });

  test('with no folder that takes the file, every page stays in memory and nothing is lost', async () => {
    const dir = await makeTempDir('mge-spill-');
    const readOnly = path.join(dir, 'read-only');
    await mkdir(readOnly);
    await chmod(readOnly, 0o500);
    // A folder that is a file, one that is missing, one read-only (root may write anyway: then it takes the file).
    await writeFile(path.join(dir, 'a-file'), 'x');
    const pages = createSpillPages(12, {
      pageEntries: 10,
      residentPages: 1,
      dirs: [path.join(dir, 'a-file'), path.join(dir, 'missing'), readOnly],
    });
    for (let i = 0; i < 95; i++) pages.write(i, entry(i));
    const canWrite = process.getuid?.() === 0;
    expect(pages.spilledBytes).toBe(canWrite ? 9 * 10 * 12 : 0);
    expect(pages.residentBytes).toBe(canWrite ? 10 * 12 : 10 * 10 * 12);
    const into = Buffer.alloc(12);
    for (const i of [0, 9, 10, 50, 94]) {
      pages.read(i, into);
      expect(into.equals(entry(i))).toBe(true);
    }
    expect(await readdir(readOnly)).toEqual([]);
    pages.close();
    await chmod(readOnly, 0o700);
  });

  test('refuses entries that were never written, and writes only the next new one', () => {
    const pages = createSpillPages(12, { pageEntries: 10, residentPages: 1, dirs: [] });
    pages.write(0, entry(0));
    expect(() => pages.read(1, Buffer.alloc(12))).toThrow(RangeError);
    expect(() => pages.write(2, entry(2))).toThrow(RangeError);
    expect(() => pages.read(-1, Buffer.alloc(12))).toThrow(RangeError);
  });
});
