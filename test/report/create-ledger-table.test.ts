import { createHash } from 'node:crypto';
import { createLedgerTable, isTableHash } from '../../src/report/create-ledger-table.js';

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('createLedgerTable', () => {
  test('holds each key with its hash, id, attempts and line, through growth of the index and the pages', () => {
    const table = createLedgerTable();
    const n = 150_000;
    for (let i = 0; i < n; i++) table.set(`key-${i}`, { hash: sha(`row ${i}`), id: 1_000_000_000_000 + i, attempts: (i % 3) + 1, line: i + 1 });
    expect(table.size).toBe(n);
    for (const i of [0, 1, 65_535, 65_536, 99_999, n - 1]) {
      expect(table.get(`key-${i}`)).toEqual({ hash: sha(`row ${i}`), id: 1_000_000_000_000 + i, attempts: (i % 3) + 1, line: i + 1 });
    }
    expect(table.get('key-unknown')).toBeUndefined();
    // About 72 bytes a key once the pages fill: far below a Map of objects.
    expect(table.bytes / n).toBeLessThan(100);
  });

  test('a key set again is updated in place; a deleted key is gone until it is set again', () => {
    const table = createLedgerTable();
    table.set('a', { hash: sha('1'), id: 1, attempts: 1, line: 1 });
    table.set('a', { hash: sha('2'), id: 2, attempts: 2, line: 5 });
    expect(table.size).toBe(1);
    expect(table.get('a')).toEqual({ hash: sha('2'), id: 2, attempts: 2, line: 5 });
    expect(table.delete('a')).toBe(true);
    expect(table.delete('a')).toBe(false);
    expect(table.get('a')).toBeUndefined();
    expect(table.size).toBe(0);
    table.set('a', { hash: sha('3'), id: 3, attempts: 3, line: 9 });
    expect(table.get('a')).toEqual({ hash: sha('3'), id: 3, attempts: 3, line: 9 });
    expect(table.size).toBe(1);
  });

  test('holds only sha256 hex hashes (what ingest writes); any other stays with the heap entries', () => {
    expect(isTableHash(sha('x'))).toBe(true);
    expect(isTableHash('h1')).toBe(false);
    expect(isTableHash(sha('x').toUpperCase())).toBe(false);
  });
});
