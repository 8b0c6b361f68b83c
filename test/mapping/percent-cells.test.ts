import { compileMapping } from '../../src/mapping/compile/compile-mapping.js';
import { prepareMapping } from '../../src/mapping/check/prepare-mapping.js';
import { loadMapping } from '../../src/mapping/load/load-mapping.js';
import { openTable } from '../../src/sources/open-table.js';
import { fixture, readAll } from '../sources/read-all.js';
import { optionalTemplate } from '../helpers/templates-for-tests.js';

// cells.xlsx row 2: `share` holds 0.075 with a percent format (shown as 7.5%).
const mapping = (content: string): string => `version: 1
template: 201
meta: {title: T, abstract: A, keywords: [k], source: {source: "10", methods: [experiment]}}
content:
${content}`;

async function mapFirst(content: string) {
  const table = await openTable(fixture('cells.xlsx'));
  const rows = await readAll(table);
  const { spec } = loadMapping(mapping(content), 'm.yaml');
  return compileMapping(prepareMapping(spec, optionalTemplate(201)), table.header).mapRow(rows[0]!);
}

describe('numbers shown with a percent format', () => {
  it('are taken as shown (7.5) in a field whose unit is %', async () => {
    const r = await mapFirst('  延伸率: share\n');
    expect(r.problems).toEqual([]);
    expect(r.record?.content['延伸率']).toBe(7.5);
  });

  it('are taken as shown in a table column in wt.%', async () => {
    const r = await mapFirst('  化学成分: {fromColumns: {columns: {C: share}, label: 元素, value: 含量}}\n');
    expect(r.record?.content['化学成分']).toEqual([{ 元素: 'C', 含量: 7.5 }]);
  });

  it('keep their stored fraction (0.075) in a field in another unit or none', async () => {
    const r = await mapFirst('  抗拉强度: share\n');
    expect(r.problems).toEqual([]);
    expect(r.record?.content['抗拉强度']).toBe(0.075);
  });
});
