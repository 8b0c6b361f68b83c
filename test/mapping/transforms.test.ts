import { compileMapping } from '../../src/mapping/compile/compile-mapping.js';
import { prepareMapping } from '../../src/mapping/check/prepare-mapping.js';
import { loadMapping } from '../../src/mapping/load/load-mapping.js';
import { splitHeaderUnit } from '../../src/util/normalize-name.js';
import { formatDate } from '../../src/mapping/values/format-date.js';
import { parseNumber } from '../../src/mapping/values/parse-number.js';
import { parseRange } from '../../src/mapping/values/parse-range.js';
import { unitConversion } from '../../src/mapping/values/unit-conversion.js';
import type { CellValue } from '../../src/sources/source-types.js';
import { rowsFromArrays } from '../helpers/read-table-for-tests.js';
import { optionalTemplate } from '../helpers/templates-for-tests.js';

describe('number parsing', () => {
  it.each([
    ['1035', '.', 1035],
    [' -1.5e-3 ', '.', -0.0015],
    ['1,234.5', '.', 1234.5],
    ['1 234,5', ',', 1234.5],
    ['1.234,5', ',', 1234.5],
    ['3,5', ',', 3.5],
    ['\u22123', '.', -3],
    ['.5', '.', 0.5],
    ['2E+03', '.', 2000],
  ])('%s (decimal %s) is %d', (text, decimal, value) => {
    expect(parseNumber(text, decimal as '.' | ',')).toEqual({ ok: true, value });
  });

  it.each(['<0.01', '>5', '≤3', '>= 2'])('%s is a bound, reported not guessed', (text) => {
    expect(parseNumber(text, '.')).toEqual({ ok: false, code: 'VALUE_CENSORED' });
  });

  it.each(['abc', '1,23', '12,34.5', '1.2.3', 'NaN', 'Infinity', '1e999', ''])('%s is not a number', (text) => {
    expect(parseNumber(text, '.')).toEqual({ ok: false, code: 'VALUE_NOT_A_NUMBER' });
  });
});

describe('range parsing', () => {
  it.each([
    ['(600, 700)', '600', '700'],
    ['[600,700]', '600', '700'],
    ['（600，700）', '600', '700'],
    ['600-700', '600', '700'],
    ['600 ~ 700', '600', '700'],
    ['600～700', '600', '700'],
    ['-5--3', '-5', '-3'],
    ['-10-5', '-10', '5'],
    ['1e-5-2e-5', '1e-5', '2e-5'],
    ['(1,000, 2,000)', '1,000', '2,000'],
    ['(1,000,2,000)', '1,000', '2,000'],
    ['[1,000.5; 2,000]', '1,000.5', '2,000'],
  ])('%s is an interval', (text, lb, ub) => {
    expect(parseRange(text)).toEqual({ ok: true, form: 'interval', lb, ub });
  });

  it.each([
    ['1035±12.5', '1035', '12.5'],
    ['1035 +/- 12.5', '1035', '12.5'],
    ['-3±0.5', '-3', '0.5'],
  ])('%s is value±error', (text, val, err) => {
    expect(parseRange(text)).toEqual({ ok: true, form: 'error', val, err });
  });

  it.each(['650', 'abc', '600-', '(600)'])('%s is not a range', (text) => {
    expect(parseRange(text)).toEqual({ ok: false });
  });

  it('reports a bracketed range whose comma could fall in more than one place as ambiguous', () => {
    expect(parseRange('(100,200,300)')).toEqual({ ok: false, ambiguous: true });
  });
});

describe('units', () => {
  it.each([
    ['YS (MPa)', 'YS', 'MPa'],
    ['温度/℃', '温度', '℃'],
    ['温度（℃）', '温度', '℃'],
    ['rho (ohm.cm)', 'rho', 'ohm.cm'],
    ['S [muV/K]', 'S', 'muV/K'],
    ['拉伸性能 / 屈服强度', '拉伸性能 / 屈服强度', undefined],
    ['强度/应力', '强度/应力', undefined],
  ])('the header %s has base %s and unit %s', (header, base, unit) => {
    expect(splitHeaderUnit(header)).toEqual({ base, unit });
  });

  it.each([
    ['K', '℃', 300, 26.85],
    ['℉', '℃', 212, 100],
    ['ksi', 'MPa', 1, 6.89475729276],
    ['GPa', 'MPa', 1.5, 1500],
    ['ohm.cm', 'mΩ·cm', 0.001, 1],
    ['Ω·cm', 'Ω·m', 2, 0.02],
    ['muV/K', 'μV/K', 7, 7],
    ['S/cm', 'S/m', 1, 100],
    ['um', 'nm', 1, 1000],
    ['μm', 'nm', 2, 2000],
    ['h', 'min', 1.5, 90],
    ['W/mK', 'W/(m·K)', 3, 3],
    ['wt.%', 'wt%', 5, 5],
  ])('%s → %s: %d becomes %d', (from, to, value, expected) => {
    const conv = unitConversion(from, to);
    expect(conv).toBeDefined();
    expect(value * conv!.factor + conv!.offset).toBeCloseTo(expected, 8);
  });

  it.each([
    ['MPa', 'mm'],
    ['%', 'wt.%'],
    ['wt.%', 'at.%'],
    ['furlongs per fortnight', 'm/s'],
  ])('%s → %s cannot convert', (from, to) => {
    expect(unitConversion(from, to)).toBeUndefined();
  });
});

describe('dates', () => {
  it.each<[CellValue, string, string | undefined, string | undefined]>([
    [{ kind: 'date', iso: '2024-01-31' }, 'YYYY-MM-DD', undefined, '2024-01-31'],
    ['2024/1/5', 'YYYY-MM-DD', undefined, '2024-01-05'],
    ['2024年1月5日', 'YYYY.MM.DD', undefined, '2024.01.05'],
    ['31/01/2024', 'YYYY-MM-DD', 'DD/MM/YYYY', '2024-01-31'],
    [45322, 'YYYY-MM-DD', undefined, '2024-01-31'],
    ['2024-02-30', 'YYYY-MM-DD', undefined, undefined],
    ['soon', 'YYYY-MM-DD', undefined, undefined],
  ])('%j as %s', (value, to, from, expected) => {
    expect(formatDate(value, to, from)).toBe(expected);
  });
});

describe('value transforms in a mapping', () => {
  const t101 = optionalTemplate(101);
  const head = `version: 1
template: 101
meta:
  title: "{牌号} at {温度} ℃"
  abstract: {column: 备注, default: no remarks, trim: false}
  keywords: {column: 关键词}
  source: {source: "01", methods: [experiment], reference: {column: 文献, lookup: {A: "Example et al. 2023", B: "Other 2020"}}}
  public: {column: 公开}
  public_date: {column: 年限}
  other_info: {project: P1}
content:
`;
  const names = ['牌号', '温度', '备注', '关键词', '文献', '公开', '年限', '状态', '日期', '编码', 'ksi', 'lb', 'ub', '图'];

  function mapOne(content: string, values: CellValue[]) {
    const { spec } = loadMapping(head + content, 't.yaml');
    const { header, rows } = rowsFromArrays('t.csv', names, [values]);
    return compileMapping(prepareMapping(spec, t101), header).mapRow(rows[0]!);
  }

  it('fills meta from text templates, defaults, lookups, yes/no and keyword splitting (not on spaces)', () => {
    const r = mapOne('  牌号: 牌号\n', ['GH4169', '650', null, 'alloy steel, 高温；tensile', 'A', '是', '2']);
    expect(r.problems).toEqual([]);
    expect(r.record?.meta).toMatchObject({
      title: 'GH4169 at 650 ℃',
      abstract: 'no remarks',
      keywords: ['alloy steel', '高温', 'tensile'],
      source: { source: '01', methods: '010', reference: 'Example et al. 2023' },
      public: true,
      public_date: 2,
      public_range: 0,
      other_info: { project: 'P1' },
    });
  });

  it.each([
    [' GH4169 ', 'GH4169'],
    ['GH4169\t', 'GH4169'],
    ['\nGH4169', 'GH4169'],
    ['GH4169\u00a0', 'GH4169'],
    ['\u3000高温合金\u3000', '高温合金'],
    ['高温 合金', '高温 合金'],
    ['G', 'G'],
  ])('trims %j to %j', (cell, expected) => {
    const r = mapOne('  牌号: 牌号\n', [cell, '650', null, 'k', 'A']);
    expect(r.problems).toEqual([]);
    expect(r.record?.content['牌号']).toBe(expected);
  });

  it('keeps the spaces of a value with trim: false', () => {
    const r = mapOne('  牌号: 牌号\n', ['GH4169', '650', ' as given\u3000', 'k', 'A']);
    expect(r.record?.meta.abstract).toBe(' as given\u3000');
  });

  it('reports a lookup miss at its cell', () => {
    const r = mapOne('  牌号: 牌号\n', ['GH4169', '650', null, 'k', 'C']);
    expect(r.problems.map((p) => [p.code, p.location.cell, p.field])).toEqual([['LOOKUP_MISS', 'E2', 'meta.source.reference']]);
    expect(r.record).toBeUndefined();
  });

  it('applies trim, regex extract, value maps, dates, explicit units, two-column ranges and path splitting', () => {
    const r = mapOne(
      `  牌号: {column: 编码, regex: '^([A-Z]+\\d+)-'}
  应力序列: {column: ksi, unit: ksi}
  热处理状态: {column: 状态, map: {ST: 固溶, STA: 固溶+时效}}
  保温时间: {lb: lb, ub: {column: ub, unit: min}}
  屈服强度: {column: 温度, unit: MPa}
  显微组织: 图
  试验条件: {设备: {型号: {column: 日期, date: {from: DD.MM.YYYY, to: YYYY-MM-DD}}}}
`,
      [
        'x',
        '1035±12.5',
        null,
        'k',
        'A',
        null,
        null,
        'STA',
        '31.01.2024',
        ' GH4169-17 ',
        '1',
        '8',
        '600',
        '/media/a.png, /media/b.png\n/media/c.png',
      ],
    );
    expect(r.problems).toEqual([]);
    expect(r.record?.content).toEqual({
      牌号: 'GH4169',
      应力序列: [6.89475729276],
      热处理状态: '固溶+时效',
      保温时间: { lb: 8, ub: 10 },
      屈服强度: { val: 1035, err: 12.5 },
      显微组织: ['/media/a.png', '/media/b.png', '/media/c.png'],
      试验条件: { 设备: { 型号: '2024-01-31' } },
    });
  });

  it('reports values that cannot be read, each at its cell', () => {
    const r = mapOne(
      `  牌号: 牌号
  试验温度: {column: 温度}
  保温时间: ksi
  屈服强度: lb
  试验条件: {设备: {型号: {column: 日期, date: YYYY-MM-DD}}}
  应力序列: {column: 编码, split: "/"}
`,
      ['A', 'hot', null, 'k', 'A', null, null, null, 'later', '1/x/3', '650', '12'],
    );
    // mapRow gives problems in build order (fields by name); toMappedRows sorts them by cell.
    expect(r.problems.map((p) => [p.code, p.location.cell, p.field])).toEqual([
      ['VALUE_NOT_A_RANGE', 'K2', 'content.保温时间'],
      ['VALUE_NOT_A_RANGE', 'L2', 'content.屈服强度'],
      ['VALUE_NOT_A_NUMBER', 'J2', 'content.应力序列[1]'],
      ['VALUE_NOT_A_DATE', 'I2', 'content.试验条件.设备.型号'],
      ['VALUE_NOT_A_NUMBER', 'B2', 'content.试验温度'],
    ]);
  });

  it.each<[string, string, unknown, string | undefined]>([
    ['a default split on commas', '1.5, 2，3', [1.5, 2, 3], undefined],
    ['semicolons only once there is one', '1.5, 2;3', undefined, 'VALUE_NOT_A_NUMBER'],
    ['semicolons keep thousands separators', '1,035.5;1,100', [1035.5, 1100], undefined],
    ['a full-width semicolon', '1,035；2', [1035, 2], undefined],
    ['a comma that may group thousands', '1,035', undefined, 'VALUE_AMBIGUOUS'],
    ['three-digit groups', '100,200,300', undefined, 'VALUE_AMBIGUOUS'],
    ['a leading zero', '1, 035', undefined, 'VALUE_AMBIGUOUS'],
  ])('splits a number array cell without split: (%s)', (_what, cell, expected, code) => {
    const r = mapOne('  应力序列: 编码\n', ['x', null, null, 'k', 'A', null, null, null, null, cell]);
    expect(r.problems.map((p) => [p.code, p.location.cell])).toEqual(code ? [[code, 'J2']] : []);
    expect(r.record?.content['应力序列']).toEqual(expected);
  });

  it('reads a bracketed range with thousands separators, and reports one it cannot cut as VALUE_AMBIGUOUS', () => {
    const ok = mapOne('  保温时间: 编码\n', ['x', null, null, 'k', 'A', null, null, null, null, '(1,000, 2,000)']);
    expect(ok.record?.content['保温时间']).toEqual({ lb: 1000, ub: 2000 });
    const r = mapOne('  保温时间: 编码\n', ['x', null, null, 'k', 'A', null, null, null, null, '(100,200,300)']);
    expect(r.problems.map((p) => [p.code, p.location.cell])).toEqual([['VALUE_AMBIGUOUS', 'J2']]);
  });

  it('leaves out listed table rows and array items whose cells are all empty', () => {
    const r = mapOne(
      `  化学成分:
    rows:
      - {元素: {const: Ni}, 含量: 温度}
      - {元素: {const: Cr}, 含量: lb, 测量方法: {const: XRF}}
  应力序列: {columns: [温度, lb, ub]}
`,
      ['A', null, null, 'k', 'A', null, null, null, null, null, null, '8', '9'],
    );
    expect(r.problems).toEqual([]);
    expect(r.record?.content).toEqual({ 化学成分: [{ 元素: 'Cr', 含量: 8, 测量方法: 'XRF' }], 应力序列: [8, 9] });
  });

  it('takes typed spreadsheet cells as they are', () => {
    const r = mapOne('  牌号: 牌号\n  试验温度: 温度\n  试验条件: {设备: {型号: 日期}}\n', [
      17,
      650.5,
      null,
      'k',
      'A',
      true,
      1,
      null,
      { kind: 'date', iso: '2024-01-31' },
    ]);
    expect(r.problems).toEqual([]);
    expect(r.record?.content).toEqual({ 牌号: '17', 试验温度: 650.5, 试验条件: { 设备: { 型号: '2024-01-31' } } });
    expect(r.record?.meta.public).toBe(true);
  });
});
