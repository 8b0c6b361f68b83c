import { compileMapping } from '../../../src/mapping/compile/compile-mapping.js';
import { checkMapping } from '../../../src/mapping/check/check-mapping.js';
import { prepareMapping } from '../../../src/mapping/check/prepare-mapping.js';
import { loadMapping } from '../../../src/mapping/load/load-mapping.js';
import { rowKey, ROW_POSITION } from '../../../src/mapping/rows/row-key.js';
import { toMappedRows } from '../../../src/mapping/rows/to-mapped-rows.js';
import { rowsFromArrays } from '../../helpers/read-table-for-tests.js';
import { fromArray } from '../../helpers/iterables.js';
import { sampleTemplate } from '../../helpers/templates-for-tests.js';

const t201 = sampleTemplate(201);
const mapping = (key: string, more = ''): string => `version: 1
template: 201
key: ${key}
${more}meta: {title: "{formula}", abstract: a, keywords: [k], source: {source: "10", methods: [experiment]}}
content:
  化学式: formula
  化学成分: {fromColumns: {columns: {C: c}, label: 元素, value: 含量}}
  屈服强度: ys
`;

describe("key: $row, the row's position", () => {
  test('rowKey gives file (with / separators), sheet and row number for ROW_POSITION, beside column values', () => {
    const { rows } = rowsFromArrays('data\\in.xlsx', ['a'], [['x']], 'S1');
    expect(rowKey(rows[0]!.values, [ROW_POSITION], '', rows[0])).toBe('["data/in.xlsx","S1","2"]');
    expect(rowKey(rows[0]!.values, [0, ROW_POSITION], '', rows[0])).toBe('["x","data/in.xlsx","S1","2"]');
  });

  test('a mapping with key: $row keys each record by its file, sheet and row, whatever its values', async () => {
    const { spec } = loadMapping(mapping('$row'), 'm.yaml');
    const { header, rows } = rowsFromArrays(
      'in.csv',
      ['formula', 'c', 'ys'],
      [
        ['Fe', '0.1', '500'],
        ['Fe', '0.1', '500'],
      ],
    );
    const keys: string[] = [];
    for await (const row of toMappedRows(fromArray(rows), compileMapping(prepareMapping(spec, t201), header))) keys.push(row.key);
    expect(keys).toEqual(['["in.csv","","2"]', '["in.csv","","3"]']);
  });

  test('$row in groupBy is a mapping problem at its line', () => {
    const { spec } = loadMapping(mapping('[formula]', 'groupBy: [$row]\n'), 'm.yaml');
    expect(checkMapping(spec, t201).problems.map((p) => [p.code, p.line, p.path])).toEqual([['MAPPING_SHAPE_MISMATCH', 4, 'groupBy']]);
  });
});

describe('rowKey writes the key texts as JSON.stringify does', () => {
  test('for every kind of character: plain, quoted, escaped, control, CJK, paired and lone surrogates, empty', () => {
    const texts = [
      'GH4169',
      '',
      'a"b',
      'back\\slash',
      'tab\there',
      'line\nbreak',
      '\u0001',
      '牌号-650',
      '😀',
      '\ud800',
      'x\udc00y',
      '\u007f',
      ' padded ',
    ];
    const header = { file: 'in.csv', sheet: undefined, row: 1, names: ['a', 'b'], columns: ['A', 'B'] };
    const wrong: string[] = [];
    for (const a of texts) {
      for (const b of texts) {
        const values = [a, b];
        // The reference: the values trimmed, as texts, in one JSON array.
        const want = JSON.stringify([a.trim(), b.trim()]);
        if (rowKey(values, [0, 1], '') !== want) wrong.push(want);
        if (rowKey(values, [1], '') !== JSON.stringify([b.trim()])) wrong.push(b);
        if (rowKey(values, [ROW_POSITION, 0], '', { header, rowNumber: 7 }) !== JSON.stringify(['in.csv', '', '7', a.trim()]))
          wrong.push(a);
      }
    }
    expect(wrong).toEqual([]);
    expect(rowKey([650, null, { kind: 'date', iso: '2024-01-02' }], [0, 1, 2], '')).toBe('["650","","2024-01-02"]');
  });
});
