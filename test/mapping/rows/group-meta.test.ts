import { compileMapping } from '../../../src/mapping/compile/compile-mapping.js';
import { prepareMapping } from '../../../src/mapping/check/prepare-mapping.js';
import { loadMapping } from '../../../src/mapping/load/load-mapping.js';
import type { MappedRow } from '../../../src/mapping/rows/mapped-row.js';
import { toMappedRows } from '../../../src/mapping/rows/to-mapped-rows.js';
import type { CellValue } from '../../../src/sources/source-types.js';
import { rowsFromArrays } from '../../helpers/read-table-for-tests.js';
import { fromArray } from '../../helpers/iterables.js';
import { sampleTemplate } from '../../helpers/templates-for-tests.js';

const MAPPING = `version: 1
template: 203
groupBy: [id]
key: [id]
meta:
  title: "{id} {formula}"
  abstract: {column: note}
  doi: {column: doi}
  keywords: [steel]
  source: {source: "10", methods: "010"}
content:
  编号: id
  化学式: formula
  化学成分: {fromRows: {元素: el, 含量: wt}}
  强度区间: range
`;
const NAMES = ['id', 'formula', 'note', 'doi', 'el', 'wt', 'range'];

async function mapped(data: CellValue[][]): Promise<MappedRow[]> {
  const { spec } = loadMapping(MAPPING, 'm.yaml');
  const { header, rows } = rowsFromArrays('g.csv', NAMES, data);
  const out: MappedRow[] = [];
  for await (const row of toMappedRows(fromArray(rows), compileMapping(prepareMapping(spec, sampleTemplate(203)), header))) out.push(row);
  return out;
}

describe('meta of a record over several rows (groupBy)', () => {
  test("each meta value comes from the group's first row that has one, not only the first row", async () => {
    const [record] = await mapped([
      ['S1', 'Fe-C', null, null, 'C', 0.2, '(500, 600)'],
      [null, null, 'Annealed steel', null, 'Mn', 1.1, null],
      [null, null, null, '10.1016/j.x.2020.01.001', 'Si', 0.3, null],
    ]);
    expect(record!.problems).toEqual([]);
    expect(record!.record!.meta).toMatchObject({ title: 'S1 Fe-C', abstract: 'Annealed steel', doi: '10.1016/j.x.2020.01.001' });
  });

  test('a meta cell empty in every row is still a problem, at the first row', async () => {
    const [record] = await mapped([
      ['S1', 'Fe-C', null, null, 'C', 0.2, '(500, 600)'],
      [null, null, null, null, 'Mn', 1.1, null],
    ]);
    expect(record!.problems.map((p) => [p.code, p.location.cell])).toEqual([['META_BLANK', 'C2']]);
  });

  test('two different meta values in one group: GROUP_CONFLICT at the later cell, the first value expected', async () => {
    const [record] = await mapped([
      ['S1', 'Fe-C', null, null, 'C', 0.2, '(500, 600)'],
      [null, null, 'first note', null, 'Mn', 1.1, null],
      [null, null, 'other note', null, 'Si', 0.3, null],
    ]);
    expect(record!.problems.map((p) => [p.code, p.location.cell, p.expected])).toEqual([
      ['GROUP_CONFLICT', 'C4', 'first note (as in row 3)'],
    ]);
  });
});
