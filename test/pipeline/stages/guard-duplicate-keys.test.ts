import { guardDuplicateKeys } from '../../../src/pipeline/stages/guard-duplicate-keys.js';
import type { MappedRow } from '../../../src/mapping/rows/mapped-row.js';
import { row } from '../../upload/upload-fixtures.js';
import { collect, fromArray } from '../../helpers/iterables.js';
import { createLedgerTable } from '../../../src/ledger/ledger.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

describe('guardDuplicateKeys', () => {
  test('the second row of a key becomes invalid (DUPLICATE_KEY at its own row), under a key of its own', async () => {
    const out = await collect(guardDuplicateKeys(fromArray([row('a', { line: 2 }), row('b', { line: 3 }), row('a', { line: 7 })])));
    expect(out.map((r) => r.problems.map((p) => p.code))).toEqual([[], [], ['DUPLICATE_KEY']]);
    const dup = out[2]!;
    expect(dup.record).toBeUndefined();
    expect(dup.problems[0]?.location.row).toBe(7);
    expect(dup.problems[0]?.message).toContain('first at data.csv:2');
    // Not `a`: an outcome under `a` would close the first row's open intent in the ledger.
    expect(dup.key).not.toBe('a');
    expect(dup.sourceValues).toEqual(out[0]?.sourceValues);
  });

  test("keys the ledger holds compactly are marked in the ledger's entries, spilled ones too, and guarded as any other", async () => {
    const ledger = createLedgerTable({ spillDirs: [await makeTempDir('mge-guard-')] });
    const hash = 'a'.repeat(64);
    // Three pages of keys: the first page's entries (known-7, known-8) are in the spill file, marks included.
    for (let i = 0; i < 200_000; i++) ledger.set(`known-${i}`, { hash, id: i, attempts: 1, line: i + 1, uploadedAt: undefined });
    const rows = [
      row('known-7', { line: 2 }),
      row('new', { line: 3 }),
      row('known-199999', { line: 4 }),
      row('known-7', { line: 5 }),
      row('new', { line: 6 }),
      row('known-199999', { line: 7 }),
      row('known-8', { line: 8 }),
    ];
    const out = await collect(guardDuplicateKeys(fromArray(rows), ledger));
    expect(out.map((r) => r.problems.map((p) => p.code))).toEqual([
      [],
      [],
      [],
      ['DUPLICATE_KEY'],
      ['DUPLICATE_KEY'],
      ['DUPLICATE_KEY'],
      [],
    ]);
    expect(out.map((r) => r.problems[0]?.message ?? '')).toEqual([
      '',
      '',
      '',
      expect.stringContaining('first at data.csv:2'),
      expect.stringContaining('first at data.csv:3'),
      expect.stringContaining('first at data.csv:4'),
      '',
    ]);
    expect(ledger.spilledBytes).toBeGreaterThan(0);
    // The marks are the guard's alone: the entries' values are as they were set.
    expect([ledger.get('known-7')?.line, ledger.get('known-7')?.id, ledger.get('known-199999')?.line]).toEqual([8, 7, 200_000]);
  });

  test('a ledger guarded again (another run in the same process) starts with no key met: marks left by the first guard do not count', async () => {
    const ledger = createLedgerTable();
    ledger.set('k1', { hash: 'a'.repeat(64), id: 1, attempts: 1, line: 1, uploadedAt: undefined });
    const first = await collect(guardDuplicateKeys(fromArray([row('k1', { line: 2 })]), ledger));
    const second = await collect(guardDuplicateKeys(fromArray([row('k1', { line: 2 }), row('k1', { line: 3 })]), ledger));
    expect(first.map((r) => r.problems.map((p) => p.code))).toEqual([[]]);
    expect(second.map((r) => r.problems.map((p) => p.code))).toEqual([[], ['DUPLICATE_KEY']]);
  });

  test('an already invalid duplicate keeps its own problems after DUPLICATE_KEY', async () => {
    const out = await collect(guardDuplicateKeys(fromArray([row('a'), row('a', { line: 3, invalid: true })])));
    expect(out[1]?.problems.map((p) => p.code)).toEqual(['DUPLICATE_KEY', 'VALUE_NOT_A_NUMBER']);
  });

  test('a duplicate keeps the hash and cells of a row that computes them on read', async () => {
    const lazy = (line: number): MappedRow => {
      const plain = row('a', { line });
      return Object.create(
        {
          get hash() {
            return `lazy-hash-${line}`;
          },
          get sourceValues() {
            return { 牌号: `cell-${line}` };
          },
        },
        Object.fromEntries(
          Object.entries(plain)
            .filter(([k]) => k !== 'hash' && k !== 'sourceValues')
            .map(([k, v]) => [k, { value: v, enumerable: true }]),
        ),
      ) as MappedRow;
    };
    const out = await collect(guardDuplicateKeys(fromArray([lazy(2), lazy(5)])));
    expect(out[1]?.hash).toBe('lazy-hash-5');
    expect(out[1]?.sourceValues).toEqual({ 牌号: 'cell-5' });
  });

  test('a duplicate across files and sheets names the first row by its own file, sheet and row', async () => {
    const at = (key: string, file: string, sheet: string | undefined, line: number): MappedRow => {
      const r = row(key, { line });
      return { ...r, location: { file, sheet, row: line } };
    };
    const rows = [
      at('a', 'one.xlsx', 'S1', 2),
      at('b', 'one.xlsx', 'S2', 3),
      at('c', 'two.csv', undefined, 5_000_000),
      at('b', 'two.csv', undefined, 9),
      at('c', 'one.xlsx', 'S1', 4),
    ];
    const out = await collect(guardDuplicateKeys(fromArray(rows)));
    expect(out.map((r) => r.problems.map((p) => p.code))).toEqual([[], [], [], ['DUPLICATE_KEY'], ['DUPLICATE_KEY']]);
    expect(out[3]?.problems[0]?.message).toContain('first at one.xlsx S2!3');
    expect(out[4]?.problems[0]?.message).toContain('first at two.csv:5000000');
    expect(out[4]?.problems[0]?.location).toEqual({ file: 'one.xlsx', sheet: 'S1', row: 4 });
  });
});

describe('guardDuplicateKeys on keys as a curator reads them', () => {
  test('a duplicate names the key as written and the first row, never the JSON array or a hash', async () => {
    const out = await collect(guardDuplicateKeys(fromArray([row('["GH4169","17"]', { line: 12 }), row('["GH4169","17"]', { line: 40 })])));
    expect(out[1]?.problems[0]).toMatchObject({ code: 'DUPLICATE_KEY', found: 'GH4169, 17' });
    expect(out[1]?.problems[0]?.message).toBe(
      'the key GH4169, 17 is already used in this run, by an identical row: first at data.csv:12 (if the data holds this row twice, write `duplicates: identical-ok` in the mapping)',
    );
    // Without key columns the key is the record hash: the problem says so in words, not with the hash.
    const hash = 'f'.repeat(64);
    const hashed = await collect(guardDuplicateKeys(fromArray([row(hash, { hash, line: 2 }), row(hash, { hash, line: 9 })])));
    expect(hashed[1]?.problems[0]?.message).toContain('first at data.csv:2');
    expect(hashed[1]?.problems[0]?.message).not.toContain(hash);
    expect(hashed[1]?.problems[0]?.found).toBeUndefined();
  });

  test('blank keys are KEY_BLANK once per row, each under a report key of its own, never a duplicate of one another', async () => {
    const out = await collect(
      guardDuplicateKeys(
        fromArray([row('[""]', { line: 2 }), row('[""]', { line: 3 }), row('["",""]', { line: 4 }), row('["a",""]', { line: 5 })]),
      ),
    );
    expect(out.map((r) => r.problems.map((p) => p.code))).toEqual([['KEY_BLANK'], ['KEY_BLANK'], ['KEY_BLANK'], []]);
    expect(new Set(out.slice(0, 3).map((r) => r.key)).size).toBe(3);
    expect(out[0]?.record).toBeUndefined();
  });
});

describe('guardDuplicateKeys with duplicates: identical-ok', () => {
  test('a repeat of key and record is a duplicate under its own key; other content under the key is DUPLICATE_KEY', async () => {
    const rows = [
      row('k', { hash: 'a'.repeat(64), line: 2 }),
      row('k', { hash: 'a'.repeat(64), line: 3 }),
      row('k', { hash: 'b'.repeat(64), line: 4 }),
    ];
    const out = await collect(guardDuplicateKeys(fromArray(rows), undefined, { identicalOk: true }));
    expect(out[1]).toMatchObject({ duplicate: true, problems: [], body: undefined });
    expect(out[1]?.key).not.toBe('k');
    expect(out[2]?.problems[0]?.code).toBe('DUPLICATE_KEY');
    expect(out[2]?.problems[0]?.message).not.toContain('identical');
  });
});
