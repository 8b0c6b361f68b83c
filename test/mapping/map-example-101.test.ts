import { compileMapping } from '../../src/mapping/compile/compile-mapping.js';
import { prepareMapping } from '../../src/mapping/check/prepare-mapping.js';
import { loadMapping } from '../../src/mapping/load/load-mapping.js';
import { toMappedRows } from '../../src/mapping/rows/to-mapped-rows.js';
import { canonicalJson } from '../../src/mapping/rows/canonical-json.js';
import { recordHash } from '../../src/mapping/rows/record-hash.js';
import { validateRecord } from '../../src/validate/validate-record.js';
import { rowsFromArrays } from '../helpers/read-table-for-tests.js';
import { sampleTemplate } from '../helpers/templates-for-tests.js';
import { collect, fromArray } from '../helpers/iterables.js';

const t101 = sampleTemplate(101);

const mapping = `
version: 1
template: 101
key: [牌号, 试样]
meta:
  title: "{牌号} {温度} 拉伸试验 试样{试样}"
  abstract: Tensile test of forged GH4169 after solution + aging heat treatment.
  keywords: [GH4169, tensile, high temperature]
  doi: 10.0000/example.gh4169.17
  source: {source: "10", methods: [experiment]}
  institution: Example Institute of Metals
  contributor: 李四
  other_info: {project: 2016YFB0700100, subject: 2016YFB0700101}
  public: true
content:
  牌号: 牌号
  试验温度: 温度
  保温时间: 保温时间
  屈服强度: {column: YS, unit: MPa}
  热处理状态: {column: 状态, map: {solution+aging: 固溶+时效, forged: 锻态}}
  显微组织: 组织图
  原始数据: 原始
  应力序列: {column: 应力, split: ";"}
  化学成分:
    rows:
      - {元素: {const: Ni}, 含量: Ni, 测量方法: {const: ICP-AES}}
      - {元素: {const: Cr}, 含量: Cr, 测量方法: {const: ICP-AES}}
      - {元素: {const: Nb}, 含量: Nb}
  试验条件:
    气氛: {const: 空气}
    加载速率: 速率
    设备: {型号: 型号, 制造商: {const: 示例仪器厂}}
  强化相: {体积分数: 体积分数, 描述: 描述}
`;

const names = [
  '牌号',
  '试样',
  '温度/℃',
  '保温时间 (h)',
  'YS',
  '状态',
  '组织图',
  '原始',
  '应力 (MPa)',
  'Ni',
  'Cr',
  'Nb',
  '速率',
  '型号',
  '体积分数',
  '描述',
];

describe('mapping the template 101 example submission', () => {
  it('builds exactly the example record from a row, and it validates clean', async () => {
    const { spec } = loadMapping(mapping, 'm101.yaml');
    const { header, rows } = rowsFromArrays('gh4169.csv', names, [
      [
        'GH4169',
        '17',
        '650',
        '8-10',
        '1035±12.5',
        'solution+aging',
        '/media/_fs/data_images/2024/05/08/a.png',
        '/media/_fs/data_files/2024/05/08/b.csv',
        '690; 720;750',
        '52.8',
        '19.1',
        '5.2',
        '0.5',
        'RDL-50',
        '18.5',
        '',
      ],
    ]);
    const compiled = compileMapping(prepareMapping(spec, t101, { methodsWidth: 3 }), header);
    const out = await collect(toMappedRows(fromArray(rows), compiled));
    expect(out).toHaveLength(1);
    const row = out[0]!;
    expect(row.problems).toEqual([]);
    expect(row.key).toBe('["GH4169","17"]');
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.record?.content).toEqual({
      牌号: 'GH4169',
      试验温度: 650,
      保温时间: { lb: 8, ub: 10 },
      屈服强度: { val: 1035, err: 12.5 },
      热处理状态: '固溶+时效',
      显微组织: ['/media/_fs/data_images/2024/05/08/a.png'],
      原始数据: ['/media/_fs/data_files/2024/05/08/b.csv'],
      应力序列: [690, 720, 750],
      化学成分: [
        { 元素: 'Ni', 含量: 52.8, 测量方法: 'ICP-AES' },
        { 元素: 'Cr', 含量: 19.1, 测量方法: 'ICP-AES' },
        { 元素: 'Nb', 含量: 5.2 },
      ],
      试验条件: { 气氛: '空气', 加载速率: 0.5, 设备: { 型号: 'RDL-50', 制造商: '示例仪器厂' } },
      强化相: { 体积分数: 18.5 },
    });
    expect(row.record?.meta).toEqual({
      tid: 101,
      title: 'GH4169 650 拉伸试验 试样17',
      abstract: 'Tensile test of forged GH4169 after solution + aging heat treatment.',
      keywords: ['GH4169', 'tensile', 'high temperature'],
      doi: '10.0000/example.gh4169.17',
      source: { source: '10', methods: '010' },
      institution: 'Example Institute of Metals',
      contributor: '李四',
      other_info: { project: '2016YFB0700100', subject: '2016YFB0700101' },
      public: true,
      public_date: 0,
      public_range: 0,
    });
    expect(validateRecord(row.record!, t101, { methodsWidth: 3 })).toEqual([]);
    expect(JSON.stringify(row.record)).toBe(canonicalJson(row.record));
    expect(row.hash).toBe(recordHash(row.record));
  });

  it('reports an unreadable number at its cell and a non-option at the column that fed it', async () => {
    const { spec } = loadMapping(mapping, 'm101.yaml');
    const { header, rows } = rowsFromArrays('gh4169.csv', names, [['GH4169', '18', '<650', '', '', '退火']]);
    const compiled = compileMapping(prepareMapping(spec, t101), header);
    const out = await collect(toMappedRows(fromArray(rows), compiled));
    const problems = out[0]!.problems;
    expect(problems.map((p) => [p.code, p.field, p.location.cell, p.location.header])).toEqual([
      ['VALUE_CENSORED', 'content.试验温度', 'C2', '温度/℃'],
      ['CHOICE_NOT_AN_OPTION', 'content.热处理状态', 'F2', '状态'],
    ]);
  });
});
