import { checkMapping } from '../../../src/mapping/check/check-mapping.js';
import { loadMapping } from '../../../src/mapping/load/load-mapping.js';
import { proposeMapping } from '../../../src/mapping/header-match/propose-mapping.js';
import type { MappingProposal } from '../../../src/mapping/header-match/proposal-types.js';
import type { Field } from '../../../src/template/template-types.js';
import { scaffoldMapping } from '../../../src/mapping/scaffold/scaffold-mapping.js';
import { num, plainTemplate, range, str, table } from '../../helpers/plain-template.js';
import { sampleTemplate } from '../../helpers/templates-for-tests.js';

describe('scaffoldMapping', () => {
  it('writes every field with its type, unit, required flag and options as comments', () => {
    const text = scaffoldMapping(sampleTemplate(101));
    for (const fragment of [
      '# 试验温度 — number, unit ℃, REQUIRED',
      '# 热处理状态 — choice, options: 铸态 | 锻态 | 固溶 | 固溶+时效, REQUIRED',
      '# 屈服强度 — range, unit MPa, value±error {val, err}',
      '# 型号 — string',
      '# 体积分数 — number, unit %',
    ]) {
      expect(text).toContain(fragment);
    }
  });

  it('does not check cleanly until the FILL_IN placeholders are filled, then does', () => {
    const template = sampleTemplate(101);
    const text = scaffoldMapping(template);
    const first = checkMapping(loadMapping(text, 'new.yaml').spec, template);
    expect(new Set(first.problems.map((p) => p.code))).toEqual(new Set(['MAPPING_PLACEHOLDER']));
    expect(first.problems.map((p) => p.field ?? p.path)).toEqual([
      'meta.title',
      'meta.abstract',
      'meta.keywords[0]',
      '牌号',
      '试验温度',
      '热处理状态',
    ]);
    const filled = text.replace(/FILL_IN/g, (_m, offset: number) => `col${offset}`);
    expect(checkMapping(loadMapping(filled, 'new.yaml').spec, template).problems).toEqual([]);
  });

  it('with a header, maps the matched columns and lists what stayed unmatched on both sides', () => {
    const template = sampleTemplate(202);
    const names = ['', '成分', '结晶性', '空间群', '电阻率 (ohm.cm)', '塞贝克系数 [muV/K]', 'src'];
    const text = scaffoldMapping(template, { proposal: proposeMapping(template, { names, rows: [] }), inputName: 'u.csv' });
    expect(text).toContain('  成分: 成分\n');
    expect(text).toContain('  电阻率: {column: 电阻率 (ohm.cm), unit: ohm.cm}\n');
    expect(text).toContain('# Columns not used: "src"');
    expect(text).toContain('# Fields without a column: 合成方法, 测试温度, 热电优值, 热导率, 电导率');
    const filled = text.replace(/FILL_IN/g, 'x');
    expect(checkMapping(loadMapping(filled, 'u.yaml').spec, template).problems).toEqual([]);
  });

  it('writes optional fields that matched a column active, and the reader settings the header was read with', () => {
    const template = sampleTemplate(202);
    const names = ['成分', '结晶性', '空间群', '电阻率', '塞贝克系数'];
    const text = scaffoldMapping(template, {
      proposal: proposeMapping(template, { names, rows: [] }),
      input: { sheet: '数据', headerRow: 3, headerRows: 2 },
    });
    expect(text).toContain('\n  空间群: 空间群\n');
    expect(text).toContain('\n  # 合成方法: {column: FILL_IN}\n');
    const { spec } = loadMapping(text.replace(/FILL_IN/g, 'x'), 'u.yaml');
    expect(spec.input).toEqual({ sheet: '数据', headerRow: 3, headerRows: 2 });
    expect(checkMapping(spec, template).problems).toEqual([]);
  });

  it('scaffolds every sample template into a mapping that checks once filled', () => {
    for (const id of [101, 102, 103, 201, 202, 203]) {
      const template = sampleTemplate(id);
      const filled = scaffoldMapping(template).replace(/FILL_IN/g, 'x');
      expect([id, checkMapping(loadMapping(filled, 's.yaml').spec, template).problems]).toEqual([id, []]);
      // Uncommenting every optional field gives a mapping of every field that also checks clean.
      const everything = filled.replace(/^(\s+)# (?=[^\s—]+:( |$))/gm, '$1');
      expect([id, checkMapping(loadMapping(everything, 's.yaml').spec, template).problems]).toEqual([id, []]);
    }
  });
});

describe('proposeMapping on a template', () => {
  it('matches nested container fields and leaves tables to the table proposals', () => {
    const result = proposeMapping(sampleTemplate(101), { names: ['设备型号', '元素', '牌号'], rows: [] });
    expect(result.fields.filter((p) => p.sure).map((p) => [p.field.path, p.header])).toEqual([
      ['牌号', '牌号'],
      ['试验条件.设备.型号', '设备型号'],
    ]);
    expect(result.unusedHeaders).toEqual(['元素']);
  });
});

describe('scaffoldMapping with a proposal', () => {
  const template = sampleTemplate(202);
  const field = (name: string): Field => template.fields.find((f) => f.name === name)!;
  const base = { unit: undefined, valueMap: [], second: undefined, errOptional: false, note: undefined };
  const proposal: MappingProposal = {
    fields: [
      { ...base, field: field('成分'), header: 'comp', score: 0.45, sure: false },
      {
        ...base,
        field: field('结晶性'),
        header: 'crystallinity',
        score: 1,
        sure: true,
        valueMap: [
          { from: 'Polycrystalline', to: '多晶', score: 1, sure: true },
          { from: 'film', to: '单晶', score: 0.45, sure: false },
        ],
      },
      { ...base, field: field('合成方法'), header: 'route', score: 0.4, sure: false },
      { ...base, field: field('测试温度'), header: 'T (K)', score: 0.67, sure: true, unit: 'K' },
    ],
    tables: [],
    key: { headers: ['comp'], sure: false, reason: 'its values are all different in the 3 rows read' },
    groupBy: [],
    unitColumns: [],
    unusedHeaders: ['src'],
    rowsRead: 3,
  };
  const text = scaffoldMapping(template, { proposal });

  it('writes sure matches live, with their unit and value map, and guesses commented with their score', () => {
    expect(text).toContain(
      '\n  # 成分: comp  # ? guess, score 0.45: to take it, use it instead of the FILL_IN line below\n  成分: {column: FILL_IN}\n',
    );
    expect(text).toContain(
      '\n  结晶性:\n    column: crystallinity\n    map:\n      Polycrystalline: 多晶\n      # film: 单晶  # ? guess, score 0.45\n',
    );
    expect(text).toContain('\n  # 合成方法: route  # ? guess, score 0.40\n  # 空间群');
    expect(text).toContain('\n  测试温度: {column: T (K), unit: K}  # score 0.67\n');
    expect(text).toContain('\n# key: [comp]   # ? guess: its values are all different in the 3 rows read\n');
    expect(text).toContain(
      '# Columns not used: "src"\n# Fields without a column: 成分, 合成方法, 空间群, 电阻率, 塞贝克系数, 热电优值, 热导率, 电导率\n',
    );
  });

  it('checks clean once the FILL_IN placeholders are filled, and so does taking every guess', () => {
    const filled = text.replace(/FILL_IN/g, 'x');
    expect(checkMapping(loadMapping(filled, 'p.yaml').spec, template).problems).toEqual([]);
    const guesses = filled
      .replace(/^(\s*)# (.*) {2}# \? guess.*\n\s*成分: \{column: x\}$/m, '$1$2')
      .replace(/^(\s*)# (\S+: \S+) {2}# \? guess.*$/gm, '$1$2');
    const check = checkMapping(loadMapping(guesses, 'p.yaml').spec, template);
    expect(check.problems).toEqual([]);
    expect(check.content.map(([name]) => name)).toEqual(['成分', '结晶性', '合成方法', '测试温度', '电阻率', '塞贝克系数']);
  });
});

describe('scaffoldMapping: the answers the data bears out are live', () => {
  it('writes a grouped table whose cells fit the data live, each cell with the unit its header gives', () => {
    const template = plainTemplate({ 样品编号: str(true), 变温测试: table({ 测试温度: num('K', true), 塞贝克系数: num('μV/K') }, true) });
    const rows = [
      ['TE-001', 300, 150.2],
      [null, 400, 171.5],
      ['TE-002', 300, -90.4],
      [null, 400, -101.3],
      [null, 500, -110.9],
    ];
    const proposal = proposeMapping(template, { names: ['Sample', 'T (°C)', 'Seebeck (μV/K)'], rows });
    const text = scaffoldMapping(template, { proposal });
    expect(text).toContain(
      '\n  变温测试: {fromRows: {测试温度: {column: "T (°C)", unit: "°C"}, 塞贝克系数: {column: Seebeck (μV/K), unit: μV/K}}}\n',
    );
    const check = checkMapping(loadMapping(text.replace(/FILL_IN/g, 'x'), 'g.yaml').spec, template);
    expect(check.problems).toEqual([]);
  });

  it('writes a value±error from two columns with errOptional where error cells are blank, and one column of single numbers as the value alone', () => {
    const template = plainTemplate({ Compound: str(true), 'Figure of merit zT': range('error'), Hardness: range('error', 'HV') });
    const rows = [
      ['Bi2Te3', '0.74', '0.33', '210'],
      ['Zn4Sb3', '0.50', '', '190'],
      ['CaMnO3', '0.02', '', '205'],
    ];
    const proposal = proposeMapping(template, { names: ['compound', 'zt', 'zt_sd', 'hardness (HV)'], rows });
    const text = scaffoldMapping(template, { proposal });
    expect(text).toContain('\n  Figure of merit zT: {val: zt, err: zt_sd, errOptional: true}\n');
    expect(text).toContain('\n  Hardness: {column: hardness (HV), unit: HV, errOptional: true}\n');
    const check = checkMapping(loadMapping(text.replace(/FILL_IN/g, 'x'), 'e.yaml').spec, template);
    expect(check.problems).toEqual([]);
  });
});
