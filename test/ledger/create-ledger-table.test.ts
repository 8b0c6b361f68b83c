import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { createLedgerTable, isTableHash, SAVED_ENTRY_BYTES, type PlainKey } from '../../src/ledger/create-ledger-table.js';
import { lazyTable } from '../../src/ledger/lazy-table.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');
/** A key as plain data (the table makes its upload time a text only when asked). */
const plain = (key: PlainKey | undefined): unknown => key && JSON.parse(JSON.stringify(key));

describe('createLedgerTable', () => {
  test('holds each key with its hash, id, attempts, line and upload time, through growth of the index and the pages', () => {
    const table = createLedgerTable();
    const n = 3 * 65_536; // three full pages
    const at = (i: number): string | undefined => (i % 5 === 0 ? undefined : new Date(Date.UTC(2026, 10, 23) + i * 1001).toISOString());
    for (let i = 0; i < n; i++)
      table.set(`key-${i}`, { hash: sha(`row ${i}`), id: 1_000_000_000_000 + i, attempts: (i % 3) + 1, line: i + 1, uploadedAt: at(i) });
    expect(table.size).toBe(n);
    for (const i of [0, 1, 65_535, 65_536, 131_071, n - 1]) {
      const want = { hash: sha(`row ${i}`), id: 1_000_000_000_000 + i, attempts: (i % 3) + 1, line: i + 1 };
      expect(plain(table.get(`key-${i}`))).toStrictEqual(at(i) === undefined ? want : { ...want, uploadedAt: at(i) });
      expect(table.get(`key-${i}`)?.uploadedAt).toBe(at(i));
    }
    expect(table.get('key-unknown')).toBeUndefined();
    // About 100 bytes a key once the pages fill (72 of values, 16 of digest, 4 of tag, 8-16 of slots): far below a Map of objects.
    expect(table.bytes / n).toBeLessThan(125);
  });

  test('a key set again is updated in place; a deleted key is gone until it is set again', () => {
    const table = createLedgerTable();
    table.set('a', { hash: sha('1'), id: 1, attempts: 1, line: 1, uploadedAt: undefined });
    table.set('a', { hash: sha('2'), id: 2, attempts: 2, line: 5, uploadedAt: '2026-11-23T07:00:00.123Z' });
    expect(table.size).toBe(1);
    expect(plain(table.get('a'))).toEqual({ hash: sha('2'), id: 2, attempts: 2, line: 5, uploadedAt: '2026-11-23T07:00:00.123Z' });
    expect(table.delete('a')).toBe(true);
    expect(table.delete('a')).toBe(false);
    expect(table.get('a')).toBeUndefined();
    expect(table.size).toBe(0);
    table.set('a', { hash: sha('3'), id: 3, attempts: 3, line: 9, uploadedAt: undefined });
    expect(plain(table.get('a'))).toEqual({ hash: sha('3'), id: 3, attempts: 3, line: 9, uploadedAt: undefined });
    expect(table.size).toBe(1);
  });

  test('keeps a source digest per key: holds answers for that key with that digest only; touch moves the line, and the digest when given', async () => {
    const dir = await makeTempDir('mge-ledger-');
    const table = createLedgerTable({ spillDirs: [dir] });
    const n = 4 * 65_536;
    const src = (i: number): string => sha(`cells ${i}`).slice(0, 32);
    const bytes = (hex: string): Buffer => Buffer.from(hex, 'hex');
    for (let i = 0; i < n; i++)
      table.set(`key-${i}`, {
        hash: sha(`row ${i}`),
        id: i + 1,
        attempts: 1,
        line: i + 2,
        uploadedAt: undefined,
        src: i % 3 === 0 ? undefined : src(i),
      });
    expect(table.spilledBytes).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (let i = 1; i < n; i += 1_001) {
      const known = i % 3 !== 0;
      if (table.holds(`key-${i}`, bytes(src(i))) !== known) wrong.push(`holds ${i}`);
      if (table.holds(`key-${i}`, bytes(src(i + 1)))) wrong.push(`other digest ${i}`);
      if (table.get(`key-${i}`)?.src !== (known ? src(i) : undefined)) wrong.push(`get ${i}`);
    }
    expect(wrong).toEqual([]);
    expect(table.holds('key-unknown', bytes(src(1)))).toBe(false);
    expect(table.holds('key-1', Buffer.from('not hex'))).toBe(false);
    expect(table.holds('key-3', Buffer.alloc(16))).toBe(false);
    // A deleted key holds nothing, whatever digest it had.
    table.delete('key-1');
    expect(table.holds('key-1', bytes(src(1)))).toBe(false);
    // touch: only with the key's hash; the digest stays unless a new one is given.
    expect(table.touch('key-2', sha('row 999'), 77, src(5))).toBe(false);
    expect(table.touch('key-2', sha('row 2'), 77, undefined)).toBe(true);
    expect([table.get('key-2')?.line, table.get('key-2')?.src]).toEqual([77, src(2)]);
    expect(table.touch('key-3', sha('row 3'), 78, src(3))).toBe(true);
    expect(table.holds('key-3', bytes(src(3)))).toBe(true);
    expect(table.get('key-3')?.line).toBe(78);
    expect(table.touch('key-1', sha('row 1'), 79, src(1))).toBe(false);
  });

  test('with a folder to spill to, keeps ~12 bytes a key in memory and every value intact', async () => {
    const dir = await makeTempDir('mge-ledger-');
    const table = createLedgerTable({ spillDirs: [dir] });
    const n = 5 * 65_536;
    for (let i = 0; i < n; i++)
      table.set(`key-${i}`, { hash: sha(`row ${i}`), id: i + 1, attempts: 1, line: i + 2, uploadedAt: undefined });
    // Keys that leave and come back, in the file and in memory.
    for (const i of [3, n - 3]) {
      expect(table.delete(`key-${i}`)).toBe(true);
      table.set(`key-${i}`, { hash: sha(`again ${i}`), id: 7, attempts: 2, line: 9, uploadedAt: '2026-11-28T02:00:00.000Z' });
    }
    expect(table.size).toBe(n);
    // Values (72 bytes) and digests (16) of all but the newest two pages are in files.
    expect(table.spilledBytes).toBe(3 * 65_536 * (72 + 16));
    // The newest two pages of values and digests stay in memory; beside them, the tags (4 bytes a key) and index slots (8 to 16).
    expect(table.bytes - 2 * 65_536 * (72 + 16)).toBeLessThan(21 * n);
    const wrong: number[] = [];
    for (let i = 0; i < n; i += 997) {
      const want = [3, n - 3].includes(i)
        ? { hash: sha(`again ${i}`), id: 7, attempts: 2, line: 9, uploadedAt: '2026-11-28T02:00:00.000Z' }
        : { hash: sha(`row ${i}`), id: i + 1, attempts: 1, line: i + 2, uploadedAt: undefined };
      if (JSON.stringify(table.get(`key-${i}`)) !== JSON.stringify(want)) wrong.push(i);
    }
    expect(wrong).toEqual([]);
    expect(table.get(`key-3`)?.id).toBe(7);
    expect(await readdir(dir)).toEqual([]);
  });

  test("marks are the caller's: 0 until set, kept in pages of their own (spilled with the rest), never saved with the entries", async () => {
    const dir = await makeTempDir('mge-marks-');
    const table = createLedgerTable({ spillDirs: [dir] });
    const n = 4 * 65_536;
    for (let i = 0; i < n; i++)
      table.set(`key-${i}`, { hash: sha(`row ${i}`), id: i + 1, attempts: 1, line: i + 2, uploadedAt: undefined });
    expect(table.mark(10)).toBe(0);
    // A mark far ahead of any other: the entries before it read 0.
    table.setMark(n - 1, 2 ** 40 + 7);
    table.setMark(3, 5);
    expect([table.mark(3), table.mark(4), table.mark(n - 2), table.mark(n - 1)]).toEqual([5, 0, 0, 2 ** 40 + 7]);
    // The marks moved the values of nobody, and the older marks' pages went to a file too.
    expect([table.get('key-3')?.line, table.get(`key-${n - 1}`)?.id]).toEqual([5, n]);
    expect(table.spilledBytes).toBeGreaterThan(2 * 65_536 * (72 + 16));
    expect(() => table.setMark(n, 1)).toThrow(/no entry/);
    // Saved and restored, an entry carries no mark.
    const copy = createLedgerTable();
    const bytes = Buffer.alloc(SAVED_ENTRY_BYTES);
    for (let e = 0; e < 5; e++) {
      table.saveEntry(e, bytes, 0);
      copy.restoreEntry(bytes, 0);
    }
    expect(copy.mark(3)).toBe(0);
  });

  test('saveEntry and restoreEntry copy a table entry by entry: the same keys, values and forgotten keys; a digest twice is refused', () => {
    const table = createLedgerTable();
    for (let i = 0; i < 1000; i++)
      table.set(`k${i}`, { hash: sha(`k${i}`), id: i + 1, attempts: 1 + (i % 3), line: 10 + i, uploadedAt: undefined, src: undefined });
    table.delete('k7');
    const bytes = Buffer.alloc(table.entries * SAVED_ENTRY_BYTES);
    for (let entry = 0; entry < table.entries; entry++) table.saveEntry(entry, bytes, entry * SAVED_ENTRY_BYTES);
    const copy = createLedgerTable();
    for (let entry = 0; entry < table.entries; entry++) expect(copy.restoreEntry(bytes, entry * SAVED_ENTRY_BYTES)).toBe(true);
    expect([copy.size, copy.entries]).toEqual([999, 1000]);
    for (const key of ['k0', 'k7', 'k500', 'k999', 'k1000']) expect([key, plain(copy.get(key))]).toEqual([key, plain(table.get(key))]);
    expect(copy.find('k500')).toBe(table.find('k500'));
    expect(copy.restoreEntry(bytes, 3 * SAVED_ENTRY_BYTES)).toBe(false);
    expect(copy.entries).toBe(1000);
  });

  test('lazyTable counts without making the table, makes it on the first lookup, and a table that could not be made is not tried again', () => {
    let made = 0;
    const table = lazyTable(5, 6, () => {
      made += 1;
      const real = createLedgerTable();
      real.set('k', { hash: sha('k'), id: 1, attempts: 1, line: 2, uploadedAt: undefined, src: undefined });
      return real;
    });
    expect([table.size, table.entries, table.bytes, made]).toEqual([5, 6, 0, 0]);
    expect(table.get('k')?.id).toBe(1);
    expect([table.size, table.entries, made]).toEqual([1, 1, 1]);
    let tries = 0;
    const broken = lazyTable(1, 1, () => {
      tries += 1;
      throw new Error('cut');
    });
    expect(() => broken.get('k')).toThrow('cut');
    expect(() => broken.find('k')).toThrow('cut');
    expect(tries).toBe(1);
  });

  test('holds only sha256 hex hashes (what ingest writes); any other stays with the heap entries', () => {
    expect(isTableHash(sha('x'))).toBe(true);
    expect(isTableHash('h1')).toBe(false);
    expect(isTableHash(sha('x').toUpperCase())).toBe(false);
  });
});
