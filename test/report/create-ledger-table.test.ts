import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { createLedgerTable, isTableHash } from '../../src/report/create-ledger-table.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('createLedgerTable', () => {
  test('holds each key with its hash, id, attempts, line and upload time, through growth of the index and the pages', () => {
    const table = createLedgerTable();
    const n = 3 * 65_536; // three full pages
    const at = (i: number): string | undefined => (i % 5 === 0 ? undefined : new Date(Date.UTC(2026, 10, 23) + i * 1001).toISOString());
    for (let i = 0; i < n; i++)
      table.set(`key-${i}`, { hash: sha(`row ${i}`), id: 1_000_000_000_000 + i, attempts: (i % 3) + 1, line: i + 1, uploadedAt: at(i) });
    expect(table.size).toBe(n);
    for (const i of [0, 1, 65_535, 65_536, 131_071, n - 1]) {
      expect(table.get(`key-${i}`)).toStrictEqual({
        hash: sha(`row ${i}`),
        id: 1_000_000_000_000 + i,
        attempts: (i % 3) + 1,
        line: i + 1,
        uploadedAt: at(i),
      });
    }
    expect(table.get('key-unknown')).toBeUndefined();
    // About 76 bytes a key once the pages fill: far below a Map of objects.
    expect(table.bytes / n).toBeLessThan(90);
  });

  test('a key set again is updated in place; a deleted key is gone until it is set again', () => {
    const table = createLedgerTable();
    table.set('a', { hash: sha('1'), id: 1, attempts: 1, line: 1, uploadedAt: undefined });
    table.set('a', { hash: sha('2'), id: 2, attempts: 2, line: 5, uploadedAt: '2026-11-23T07:00:00.123Z' });
    expect(table.size).toBe(1);
    expect(table.get('a')).toEqual({ hash: sha('2'), id: 2, attempts: 2, line: 5, uploadedAt: '2026-11-23T07:00:00.123Z' });
    expect(table.delete('a')).toBe(true);
    expect(table.delete('a')).toBe(false);
    expect(table.get('a')).toBeUndefined();
    expect(table.size).toBe(0);
    table.set('a', { hash: sha('3'), id: 3, attempts: 3, line: 9, uploadedAt: undefined });
    expect(table.get('a')).toEqual({ hash: sha('3'), id: 3, attempts: 3, line: 9, uploadedAt: undefined });
    expect(table.size).toBe(1);
  });

  test('with a folder to spill to, keeps ~24 bytes a key in memory and every value intact', async () => {
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
    expect(table.spilledBytes).toBe(3 * 65_536 * 56);
    // The newest two pages of values stay in memory; beside them, the digests and index slots.
    expect(table.bytes - 2 * 65_536 * 56).toBeLessThan(40 * n);
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

  test('holds only sha256 hex hashes (what ingest writes); any other stays with the heap entries', () => {
    expect(isTableHash(sha('x'))).toBe(true);
    expect(isTableHash('h1')).toBe(false);
    expect(isTableHash(sha('x').toUpperCase())).toBe(false);
  });
});
