import { LazyMappedRow, sourceValuesOf } from '../../../src/mapping/rows/lazy-mapped-row.js';
import { canonicalJson } from '../../../src/mapping/rows/canonical-json.js';
import { recordHash } from '../../../src/mapping/rows/record-hash.js';
import type { PlatformRecord } from '../../../src/template/record-types.js';
import type { SourceHeader, SourceRow } from '../../../src/sources/source-types.js';

const header: SourceHeader = { file: 'a.csv', sheet: undefined, row: 1, names: ['牌号', '', '__proto__'], columns: ['A', 'B', 'C'] };
const row = (rowNumber: number, values: SourceRow['values']): SourceRow => ({ header, rowNumber, values, issues: [] });
const record: PlatformRecord = {
  content: { 牌号: 'GH4169' },
  meta: { abstract: 'a', keywords: ['k'], public_date: 0, public_range: 0, source: { methods: '010', source: '10' }, tid: 1, title: 't' },
};
const location = { file: 'a.csv', sheet: undefined, row: 2 };

describe('LazyMappedRow', () => {
  it('serializes the record once, on first read, and hashes that very text', () => {
    let calls = 0;
    const identity = { keyColumns: [], recordJson: (r: PlatformRecord) => (calls++, canonicalJson(r)) };
    const mapped = new LazyMappedRow([row(2, ['GH4169', null, 'x'])], identity, location, record, []);
    expect(calls).toBe(0);
    expect(mapped.hash).toBe(recordHash(record));
    expect(mapped.body).toBe(canonicalJson(record));
    expect(mapped.key).toBe(mapped.hash);
    expect(calls).toBe(1);
  });

  it('takes the key from the key columns of the first row, and hashes the source values without a record', () => {
    const rows = [row(2, [' GH4169 ', null, 'x']), row(3, [null, '1', null])];
    const mapped = new LazyMappedRow(rows, { keyColumns: [0, 1], recordJson: () => 'unused' }, location, undefined, []);
    expect(mapped.key).toBe('["GH4169",""]');
    expect(mapped.hash).toBe(recordHash(rows.map((r) => r.values)));
    expect(mapped.body).toBeUndefined();
    expect(mapped.rowNumbers).toEqual([2, 3]);
  });

  it('gives the source values by header (column letter for an unnamed column, __proto__ as data)', () => {
    const mapped = new LazyMappedRow([row(2, ['GH4169', '5', 'x'])], { keyColumns: [], recordJson: canonicalJson }, location, record, []);
    expect({ ...mapped.sourceValues }).toEqual({ 牌号: 'GH4169', B: '5', ['__proto__']: 'x' });
    expect(Object.getPrototypeOf(sourceValuesOf(row(2, [null, null, null])))).toBeNull();
  });

  it('serializes with its lazy members', () => {
    const mapped = new LazyMappedRow(
      [row(2, ['GH4169', null, null])],
      { keyColumns: [0], recordJson: canonicalJson },
      location,
      record,
      [],
    );
    const json = JSON.parse(JSON.stringify(mapped)) as Record<string, unknown>;
    expect(json['key']).toBe('["GH4169"]');
    expect(json['hash']).toBe(recordHash(record));
    expect(json['body']).toBe(canonicalJson(record));
    expect(json['sourceValues']).toEqual({ 牌号: 'GH4169', B: null, ['__proto__']: null });
    expect(json['rowNumbers']).toEqual([2]);
  });
});
