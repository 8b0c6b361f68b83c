import { canonicalJson } from '../../src/mapping/canonical-json.js';
import { groupRows } from '../../src/mapping/group-rows.js';
import { recordHash } from '../../src/mapping/record-hash.js';
import { rowKey } from '../../src/mapping/row-key.js';
import type { SourceRow } from '../../src/sources/source-types.js';
import { rowsFromArrays, streamOf } from '../helpers/read-table-for-tests.js';

describe('record identity', () => {
  it('writes canonical JSON with sorted keys and no whitespace', () => {
    expect(canonicalJson({ b: [1, { d: 2, c: 'x' }], a: 1.5, z: undefined, 牌号: 'ü' })).toBe('{"a":1.5,"b":[1,{"c":"x","d":2}],"牌号":"ü"}');
    expect(canonicalJson(1e21)).toBe('1e+21');
  });

  it('hashes equal records equally whatever their key order', () => {
    const a = recordHash({ meta: { tid: 1, title: 't' }, content: { x: 1, y: [1, 2] } });
    const b = recordHash({ content: { y: [1, 2], x: 1 }, meta: { title: 't', tid: 1 } });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(recordHash({ content: { x: 1.0 } })).toBe(recordHash({ content: { x: 1 } }));
    expect(recordHash({ content: { x: '1' } })).not.toBe(recordHash({ content: { x: 1 } }));
  });

  it('keys rows by their key columns as a JSON array, else by the hash', () => {
    expect(rowKey(['a,b', 7, null, { kind: 'date', iso: '2024-01-01' }], [0, 1, 2, 3], 'h')).toBe('["a,b","7","","2024-01-01"]');
    expect(rowKey(['a', 'b'], [], 'h')).toBe('h');
    expect(rowKey(['a|b', 'c'], [0, 1], 'h')).not.toBe(rowKey(['a', 'b|c'], [0, 1], 'h'));
  });
});

describe('groupRows', () => {
  const { rows } = rowsFromArrays('g.csv', ['id', 'v'], [['A', '1'], [null, '2'], ['A', '3'], ['B', '4'], ['A', '5'], ['  ', '6']]);

  async function groups(source: SourceRow[], keys: number[]): Promise<number[][]> {
    const out: number[][] = [];
    for await (const g of groupRows(streamOf(source), keys)) out.push(g.map((r) => r.rowNumber));
    return out;
  }

  it('groups consecutive rows sharing the key; a blank key continues the group', async () => {
    expect(await groups(rows, [0])).toEqual([[2, 3, 4], [5], [6, 7]]);
  });

  it('makes every row its own group without key columns', async () => {
    expect(await groups(rows, [])).toEqual([[2], [3], [4], [5], [6], [7]]);
  });
});
