import { readFileSync } from 'node:fs';
import { compileMapping } from '../../src/mapping/compile/compile-mapping.js';
import { prepareMapping } from '../../src/mapping/check/prepare-mapping.js';
import { loadMapping } from '../../src/mapping/load/load-mapping.js';
import { toMappedRows } from '../../src/mapping/rows/to-mapped-rows.js';
import { canonicalJson } from '../../src/mapping/rows/canonical-json.js';
import { rowsFromArrays } from '../helpers/read-table-for-tests.js';
import { sampleTemplate } from '../helpers/templates-for-tests.js';
import { collect, fromArray } from '../helpers/iterables.js';

const t102 = sampleTemplate(102);
const example = (
  JSON.parse(readFileSync(new URL('../validate/example-submissions.json', import.meta.url), 'utf8')) as Array<{
    template_id: number;
    body: { content: unknown };
  }>
).find((s) => s.template_id === 102)!;

// One sample per group of rows: the first row carries the sample, every row one diffraction peak.
const mapping = `
version: 1
template: 102
options: {methodsWidth: 4}
groupBy: [样品编号]
key: 样品编号
meta:
  title: "Cu薄膜 {样品编号} XRD"
  abstract: XRD peak list and grain sizes of a magnetron-sputtered Cu film on Si(100).
  keywords: [Cu, thin film, XRD]
  source: {source: "01", methods: [computation, experiment], reference: "Example et al., J. Example Mater. 12 (2023) 345"}
  public: false
  public_date: 1
  public_range: 3
content:
  样品编号: 样品编号
  衬底: 衬底
  衍射峰:
    fromRows:
      2θ: 2θ
      晶面: 晶面
      强度: 强度
      半高宽: 半高宽
  晶粒测量:
    items:
      - {位置: {const: 中心}, 尺寸: 中心尺寸}
      - {位置: {const: 边缘}, 尺寸: 边缘尺寸}
  处理步骤:
    items:
      - {退火: {温度: 退火温度, 时间: 退火时间}}
      - {退火: {温度: 无此列温度}, 刻蚀: 刻蚀}
  XRD图谱: 图谱
  拟合区间: {column: 拟合区间, split: ";"}
  分区测量:
    items:
      - 区域名称: {const: A区}
        峰位表:
          rows:
            - {2θ: A峰1, 强度: A强1}
            - {2θ: A峰2, 强度: A强2}
`;

const names = [
  '样品编号',
  '衬底',
  '2θ',
  '晶面',
  '强度',
  '半高宽',
  '中心尺寸',
  '边缘尺寸',
  '退火温度',
  '退火时间',
  '刻蚀',
  '图谱',
  '拟合区间',
  'A峰1',
  'A强1',
  'A峰2',
  'A强2',
  '无此列温度',
];

describe('mapping the template 102 example (arrays of containers and generators, tables in array elements)', () => {
  it('builds the example content from two grouped rows', async () => {
    const { spec } = loadMapping(mapping, 'm102.yaml');
    const { header, rows } = rowsFromArrays('tf.csv', names, [
      [
        'TF-2024-031',
        'Si(100)',
        '43.3',
        '(111)',
        '15230',
        '0.21±0.01',
        '23.5 ± 1.2',
        '19.8±1.5',
        '450',
        '30',
        'Ar+ 离子刻蚀 5 min',
        '/media/_fs/data_images/2024/06/12/0c6e2b1d-3a51-4b0e-9a57-5f1d2c7e8a90.png',
        '(42.9, 43.7); [50.0, 50.8]',
        '43.31',
        '15010',
        '50.42',
        '4100',
      ],
      [null, null, '50.4', '(200)', '4210'],
    ]);
    const compiled = compileMapping(prepareMapping(spec, t102), header);
    const out = await collect(toMappedRows(fromArray(rows), compiled));
    expect(out).toHaveLength(1);
    expect(out[0]!.problems).toEqual([]);
    expect(out[0]!.rowNumbers).toEqual([2, 3]);
    expect(out[0]!.key).toBe('["TF-2024-031"]');
    expect(out[0]!.record!.content).toEqual(example.body.content);
    expect(JSON.stringify(out[0]!.record)).toBe(canonicalJson(out[0]!.record));
    expect(out[0]!.record!.meta.source).toEqual({
      source: '01',
      methods: '1100',
      reference: 'Example et al., J. Example Mater. 12 (2023) 345',
    });
  });

  it('reports a continuation row whose value in a first-row-only column would be lost (GROUP_CONFLICT)', async () => {
    const { spec } = loadMapping(mapping, 'm102.yaml');
    const { header, rows } = rowsFromArrays('tf.csv', names, [
      ['TF-1', 'Si(100)', '43.3', null, null, null, null, null, null, null, null, null, null, null, null, null, null],
      [null, 'Si(100)', '50.4'],
      [null, 'Al2O3(0001)', '60.1', null, null, null, null, null, null, null, null, null, null, null, null, null, null],
    ]);
    const compiled = compileMapping(prepareMapping(spec, t102), header);
    const out = await collect(toMappedRows(fromArray(rows), compiled));
    expect(out).toHaveLength(1);
    expect(out[0]!.problems.map((p) => [p.code, p.location.cell, p.expected, p.found])).toEqual([
      ['GROUP_CONFLICT', 'B4', 'Si(100) (as in row 2)', 'Al2O3(0001)'],
    ]);
  });

  it('places a validation issue inside a grouped row on the row and cell that fed it', async () => {
    const { spec } = loadMapping(mapping, 'm102.yaml');
    const { header, rows } = rowsFromArrays('tf.csv', names, [
      ['TF-1', '单晶', '43.3'],
      [null, null, null, '(200)'],
    ]);
    const compiled = compileMapping(prepareMapping(spec, t102), header);
    const out = await collect(toMappedRows(fromArray(rows), compiled));
    expect(out[0]!.problems.map((p) => [p.code, p.field, p.location.cell])).toEqual([
      ['CHOICE_NOT_AN_OPTION', 'content.衬底', 'B2'],
      ['REQUIRED_MISSING', 'content.衍射峰[1].2θ', 'C3'],
    ]);
    expect(out[0]!.record).toBeDefined();
  });
});
