import { readFileSync } from 'node:fs';
import { parseTemplate } from '../../src/template/parse-template.js';
import { flatLayoutMapping, requiredFlatHeaders } from '../../src/workbook/flat-layout-mapping.js';
import { platformLayout, stripUnitSuffix } from '../../src/workbook/platform-layout.js';
import { parseTemplateIdCell, templateIdCellText } from '../../src/workbook/workbook-meta.js';

const samples = JSON.parse(readFileSync('samples/templates.json', 'utf8')) as { templates: { id: number }[] };
const template = (id: number) => parseTemplate(samples.templates.find((t) => t.id === id));

describe('platformLayout', () => {
  test('template 101: root leaves depth first with containers and generators flattened, one sheet per array and table', () => {
    const layout = platformLayout(template(101).fields);
    expect(layout.sheets.map((s) => [s.name, s.kind, s.fieldNames.join('.')])).toEqual([
      ['1', 'root', ''],
      ['2', 'array', '应力序列'],
      ['3', 'table', '化学成分'],
    ]);
    expect(layout.sheets[0]?.columns.map((c) => c.header)).toEqual([
      '牌号',
      '试验温度 (℃)',
      '保温时间 (h)',
      '屈服强度 (MPa)',
      '热处理状态',
      '显微组织',
      '原始数据',
      '试验条件.气氛',
      '试验条件.加载速率 (mm/min)',
      '试验条件.设备.型号',
      '试验条件.设备.制造商',
      '强化相.体积分数 (%)',
      '强化相.尺寸范围 (nm)',
      '强化相.描述',
    ]);
    expect(layout.sheets[0]?.columns.find((c) => c.path === '试验条件.设备.型号')?.names).toEqual(['试验条件', '设备', '型号']);
    expect(layout.sheets[1]?.columns.map((c) => c.header)).toEqual(['元素 (MPa)']);
    expect(layout.sheets[2]?.columns.map((c) => [c.header, c.names.join('.')])).toEqual([
      ['化学成分.元素', '元素'],
      ['化学成分.含量 (wt.%)', '含量'],
      ['化学成分.测量方法', '测量方法'],
    ]);
    expect(layout.unsupported).toEqual([]);
  });

  test('the unit suffix comes off a header, only a final parenthesized one', () => {
    expect(stripUnitSuffix('试验温度 (℃)')).toEqual({ path: '试验温度', unit: '℃' });
    expect(stripUnitSuffix('化学成分.含量 (wt.%)')).toEqual({ path: '化学成分.含量', unit: 'wt.%' });
    expect(stripUnitSuffix('牌号')).toEqual({ path: '牌号', unit: undefined });
    expect(stripUnitSuffix('a (b) c')).toEqual({ path: 'a (b) c', unit: undefined });
  });
});

describe('the template-id cell', () => {
  test("ours carries the version; the platform's leading digits are read; a bare number or text is none", () => {
    expect(parseTemplateIdCell(templateIdCellText(201, '2024-06-01 10:00:00'))).toEqual({ tid: 201, pubDate: '2024-06-01 10:00:00' });
    expect(parseTemplateIdCell('201（请勿编辑）')).toEqual({ tid: 201, pubDate: undefined });
    expect(parseTemplateIdCell('2024')).toBeUndefined();
    expect(parseTemplateIdCell('数据标题')).toBeUndefined();
    expect(parseTemplateIdCell('0|x|do not edit')).toBeUndefined();
  });
});

describe('flatLayoutMapping', () => {
  test('indexed headers become array columns, table rows and container fields; the rest is listed', () => {
    const { content, unknownColumns } = flatLayoutMapping(template(101).fields, [
      '序号',
      '牌号',
      '应力序列.2',
      '应力序列.1',
      '化学成分.元素.1',
      '化学成分.含量.1',
      '化学成分.元素.3',
      '试验条件.设备.型号',
      '强化相.描述',
      '旧字段',
      '化学成分.元素',
      '应力序列.x',
    ]);
    expect(JSON.parse(JSON.stringify(content))).toEqual({
      牌号: { column: '牌号' },
      应力序列: { columns: ['应力序列.1', '应力序列.2'] },
      化学成分: {
        rows: [{ 元素: { column: '化学成分.元素.1' }, 含量: { column: '化学成分.含量.1' } }, { 元素: { column: '化学成分.元素.3' } }],
      },
      试验条件: { 设备: { 型号: { column: '试验条件.设备.型号' } } },
      强化相: { 描述: { column: '强化相.描述' } },
    });
    expect(unknownColumns).toEqual(['旧字段', '化学成分.元素', '应力序列.x']);
  });

  test('a header per required field, so a field no record fills is a problem of each record', () => {
    expect(requiredFlatHeaders(template(101).fields)).toEqual(['牌号', '试验温度', '热处理状态']);
    expect(requiredFlatHeaders(template(201).fields)).toEqual(['化学式', '化学成分.元素.1', '屈服强度']);
  });
});
