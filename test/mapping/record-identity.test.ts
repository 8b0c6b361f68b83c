import { canonicalJson } from '../../src/mapping/rows/canonical-json.js';
import { groupRows } from '../../src/mapping/rows/group-rows.js';
import { recordHash } from '../../src/mapping/rows/record-hash.js';
import { rowKey } from '../../src/mapping/rows/row-key.js';
import type { SourceRow } from '../../src/sources/source-types.js';
import { rowsFromArrays } from '../helpers/read-table-for-tests.js';
import { collect, fromArray } from '../helpers/iterables.js';

describe('record identity', () => {
  it('writes canonical JSON with sorted keys and no whitespace', () => {
    expect(canonicalJson({ b: [1, { d: 2, c: 'x' }], a: 1.5, z: undefined, 牌号: 'ü' })).toBe(
      '{"a":1.5,"b":[1,{"c":"x","d":2}],"牌号":"ü"}',
    );
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
  const { rows } = rowsFromArrays(
    'g.csv',
    ['id', 'v'],
    [
      ['A', '1'],
      [null, '2'],
      ['A', '3'],
      ['B', '4'],
      ['A', '5'],
      ['  ', '6'],
    ],
  );

  async function groups(source: SourceRow[], keys: number[]): Promise<number[][]> {
    return (await collect(groupRows(fromArray(source), keys))).map((g) => g.map((r) => r.rowNumber));
  }

  it('groups consecutive rows sharing the key; a blank key continues the group', async () => {
    expect(await groups(rows, [0])).toEqual([[2, 3, 4], [5], [6, 7]]);
  });

  it('makes every row its own group without key columns', async () => {
    expect(await groups(rows, [])).toEqual([[2], [3], [4], [5], [6], [7]]);
  });
});

describe('records built from unusual field names', () => {
  it('keeps a field named __proto__ as data and hashes index-like names canonically', async () => {
    const { parseTemplate } = await import('../../src/template/parse-template.js');
    const { loadMapping } = await import('../../src/mapping/load/load-mapping.js');
    const { compileMapping } = await import('../../src/mapping/compile/compile-mapping.js');
    const { prepareMapping } = await import('../../src/mapping/check/prepare-mapping.js');
    const template = parseTemplate({
      id: 900,
      title: 't',
      pub_date: '2024-01-01 00:00:00',
      content: {
        _ord: ['__proto__', '10', '2', 'b'],
        ['__proto__']: { t: 1, misc: {} },
        '10': { t: 2, misc: {} },
        '2': { t: 2, misc: {} },
        b: { t: 1, misc: {} },
      },
    });
    const { spec } = loadMapping(
      'version: 1\ntemplate: 900\nmeta: {title: t, abstract: a, keywords: [k], source: {source: "10", methods: "010"}}\ncontent:\n  __proto__: x\n  "10": y\n  "2": y\n  b: x\n',
      'p.yaml',
    );
    const { header, rows } = rowsFromArrays('p.csv', ['x', 'y'], [['polluted', '5']]);
    const result = compileMapping(prepareMapping(spec, template), header).mapRow(rows[0]!);
    expect(result.problems).toEqual([]);
    const content = result.record!.content as Record<string, unknown>;
    expect(Object.keys(content)).toEqual(['2', '10', '__proto__', 'b']);
    expect(Object.getPrototypeOf(content)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(content))).toEqual(JSON.parse('{"2":5,"10":5,"__proto__":"polluted","b":"polluted"}'));
    const compiled = compileMapping(prepareMapping(spec, template), header);
    expect(compiled.recordJson(result.record!)).toBe(canonicalJson(result.record));
    expect(compiled.recordJson(result.record!)).not.toBe(JSON.stringify(result.record));
  });
});
