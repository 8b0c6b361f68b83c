import { proposeMapping } from '../../../src/mapping/header-match/propose-mapping.js';
import type { CellValue } from '../../../src/sources/source-types.js';
import type { Template } from '../../../src/template/template-types.js';
import { choice, container, num, plainTemplate, range, str, table, type FieldDef } from '../../helpers/plain-template.js';

const template = (fields: Record<string, FieldDef>): Template => plainTemplate(fields);

const live = (p: ReturnType<typeof proposeMapping>): Record<string, string> =>
  Object.fromEntries(
    p.fields.filter((f) => f.sure).map((f) => [f.field.path, f.second === undefined ? f.header : `${f.header} + ${f.second}`]),
  );

describe('proposeMapping', () => {
  const materials = template({
    'Sample ID': str(true),
    Hardness: container({ Measured: num('HV'), Calculated: num('HV') }),
    'Elastic properties': container({ 'Bulk modulus': container({ Measured: num('GPa'), Calculated: num('GPa') }) }),
    'Tensile test': container({ 'Yield strength': num('MPa'), 'Tensile strength': num('ksi'), Elongation: num('%') }),
    Annealing: container({ Temperature: num('K'), Time: num('h') }),
    孔隙率: num('vol.%'),
    粒径: num('nm'),
    相: choice(['非晶', '晶态']),
    密度: range('error', 'g/cm^3'),
    备注: str(),
  });
  const names = [
    'Sample ID',
    'SAMPLE: Exp. porosity (vol.%)',
    'Anneal temperature ($^\\circ$C)',
    'anneal time (min)',
    'TS (MPa)',
    'YS (MPa)',
    'EL (%)',
    'Exp. hardness (HV)',
    'Calc. bulk modulus (GPa)',
    'particle size ($\\mu$m)',
    'phase',
    'density',
    'density std',
    'operator',
  ];
  const rows: CellValue[][] = [
    ['S1', '2.5', '450', '60', '520', '310', '12', '180', '160', '3.5', 'amorphous', '7.8', '0.1', 'li'],
    ['S2', '3.0', '500', '90', '540', '330', '10', '190', '158', '4.0', 'crystalline', '7.9', '0.2', 'wang'],
    ['S3', '1.5', '550', '120', '560', '350', '9', '200', '162', '2.0', 'amorphous', '7.7', '0.1', 'li'],
  ];
  const proposal = proposeMapping(materials, { names, rows });

  test('matches headers to nested fields by the words of the whole path, abbreviations, qualifiers and Chinese names', () => {
    expect(live(proposal)).toEqual({
      'Sample ID': 'Sample ID',
      'Hardness.Measured': 'Exp. hardness (HV)',
      'Elastic properties.Bulk modulus.Calculated': 'Calc. bulk modulus (GPa)',
      'Tensile test.Yield strength': 'YS (MPa)',
      'Tensile test.Tensile strength': 'TS (MPa)',
      'Tensile test.Elongation': 'EL (%)',
      'Annealing.Temperature': 'Anneal temperature ($^\\circ$C)',
      'Annealing.Time': 'anneal time (min)',
      孔隙率: 'SAMPLE: Exp. porosity (vol.%)',
      粒径: 'particle size ($\\mu$m)',
      相: 'phase',
      密度: 'density + density std',
    });
    expect(proposal.unusedHeaders).toEqual(['operator']);
  });

  test("writes the header's unit (LaTeX read) where it converts to the field's", () => {
    const unitOf = (path: string): string | undefined => proposal.fields.find((f) => f.field.path === path)?.unit;
    expect([
      unitOf('Annealing.Temperature'),
      unitOf('Annealing.Time'),
      unitOf('Tensile test.Tensile strength'),
      unitOf('粒径'),
      unitOf('孔隙率'),
    ]).toEqual(['°C', 'min', 'MPa', 'μm', 'vol.%']);
  });

  test("proposes a value map from the column's words to the choice options, and the id column as key", () => {
    expect(proposal.fields.find((f) => f.field.path === '相')?.valueMap).toEqual([
      { from: 'amorphous', to: '非晶', score: 1, sure: true },
      { from: 'crystalline', to: '晶态', score: 1, sure: true },
    ]);
    expect(proposal.key).toMatchObject({ headers: ['Sample ID'], sure: true });
  });

  test('a unit that cannot convert keeps a match from being live, with the reason', () => {
    const t = template({ 'Yield strength': num('MPa') });
    const p = proposeMapping(t, { names: ['yield strength (°C)'], rows: [['300'], ['310'], ['320']] });
    expect(p.fields).toMatchObject([{ header: 'yield strength (°C)', sure: false }]);
    expect(p.fields[0]?.note).toMatch(/°C/);
  });

  test('one column per field: the better header wins, the other stays unused', () => {
    const t = template({ 'Yield strength': num('MPa') });
    const p = proposeMapping(t, { names: ['YS (MPa)', 'yield strength (MPa)'], rows: [] });
    expect(p.fields).toHaveLength(1);
    expect(p.unusedHeaders).toHaveLength(1);
  });

  test('text in a number field, or a measured quantity against a calculated one, is no sure match', () => {
    const t = template({ 'Band gap': container({ Calculated: num('eV') }), Hardness: num('HV') });
    const p = proposeMapping(t, {
      names: ['Exp. band gap (eV)', 'hardness'],
      rows: [
        ['1.1', 'hard'],
        ['1.2', 'soft'],
        ['0.9', 'hard'],
      ],
    });
    expect(p.fields.filter((f) => f.sure)).toEqual([]);
  });

  test("a column of a choice field's options matches it by its values alone", () => {
    const t = template({ 晶系: choice(['立方', '正交', '四方']) });
    const p = proposeMapping(t, { names: ['lowest energy distortion'], rows: [['cubic'], ['orthorhombic'], ['cubic'], ['tetragonal']] });
    expect(live(p)).toEqual({ 晶系: 'lowest energy distortion' });
  });

  test('a unit column serves the column it names', () => {
    const t = template({ 化学式: str(true), 热导率: num('W/(m·K)') });
    const p = proposeMapping(t, {
      names: ['formula', 'k_expt', 'k-units'],
      rows: [
        ['BeS', '157', 'W/m.K'],
        ['CdS', '19.9', 'W/m$\\cdot$K'],
        ['GaN', '181', 'W/m.K'],
      ],
    });
    expect(p.unitColumns).toEqual([{ header: 'k-units', of: 'k_expt', unit: 'W/m.K' }]);
    expect(p.fields.find((f) => f.header === 'k_expt')).toMatchObject({ field: { path: '热导率' }, unit: 'W/m.K', sure: true });
    expect(p.unusedHeaders).toEqual([]);
  });

  test('element columns fill a composition table with fromColumns', () => {
    const t = template({ 牌号: str(true), 化学成分: table({ 元素: str(true), 含量: num('wt.%') }) });
    const p = proposeMapping(t, {
      names: ['牌号', 'O content (wt.%)', 'N content (wt.%)', 'H content (wt.%)', 'Mn content (wt.%)'],
      rows: [['A', '0.1', '0.01', '0.001', '1.2']],
    });
    expect(p.tables).toEqual([
      {
        kind: 'fromColumns',
        field: expect.objectContaining({ path: '化学成分' }),
        label: '元素',
        value: '含量',
        columns: [
          ['O', 'O content (wt.%)'],
          ['N', 'N content (wt.%)'],
          ['H', 'H content (wt.%)'],
          ['Mn', 'Mn content (wt.%)'],
        ],
        unit: 'wt.%',
        sure: true,
      },
    ]);
  });

  test('consecutive rows sharing the leading column are one record: groupBy and fromRows', () => {
    const t = template({ 编号: str(true), 硬度: num('HV'), 化学成分: table({ 元素: str(true), 含量: num('wt.%') }) });
    const rows: CellValue[][] = [
      ['A1', 'C', '0.2', '210'],
      [null, 'Mn', '1.1', null],
      [null, 'Si', '0.3', null],
      ['A2', 'C', '0.4', '250'],
      [null, 'Mn', '0.9', null],
      ['A3', 'C', '0.1', '190'],
      ['A3', 'Cr', '12', '190'],
    ];
    const p = proposeMapping(t, { names: ['编号', '元素', '含量 (wt.%)', '硬度 HV'], rows });
    expect(p.groupBy).toEqual(['编号']);
    expect(p.tables).toEqual([
      {
        kind: 'fromRows',
        field: expect.objectContaining({ path: '化学成分' }),
        cells: [
          ['元素', '元素'],
          ['含量', '含量 (wt.%)'],
        ],
        scores: [expect.any(Number), expect.any(Number)],
        units: [undefined, 'wt.%'],
        sure: true,
      },
    ]);
    expect(live(p)).toEqual({ 编号: '编号', 硬度: '硬度 HV' });
    expect(p.key).toMatchObject({ headers: ['编号'], sure: true });
  });

  test('no key from a column of measured numbers; a unique text column without an id-like name is a guess', () => {
    const t = template({ 名称: str(true) });
    const numbers = proposeMapping(t, { names: ['strength'], rows: [['1.5'], ['2.5'], ['3.5']] });
    expect(numbers.key).toBeUndefined();
    const text = proposeMapping(t, { names: ['label'], rows: [['x'], ['y'], ['z']] });
    expect(text.key).toMatchObject({ headers: ['label'], sure: false });
    const measured = proposeMapping(t, {
      names: ['holding time (h)', 'range'],
      rows: [
        ['8-10', '1-2'],
        ['10-12', '2-3'],
        ['12-14', '3-4'],
      ],
    });
    expect(measured.key).toBeUndefined();
  });
});

describe('proposeMapping: values alone', () => {
  test('two values (yes/no) are not enough to match a column to a choice field without its name', () => {
    const t = template({ 是否公开: choice(['是', '否']), 是否退火: choice(['是', '否']) });
    const p = proposeMapping(t, { names: ['flag'], rows: [['是'], ['否'], ['是']] });
    expect(p.fields.filter((f) => f.sure)).toEqual([]);
  });
});

describe('proposeMapping: spelling', () => {
  test('case, width, underscores, group titles, units and a typo do not stand in the way', () => {
    const t = template({
      牌号: str(),
      试验温度: num('℃'),
      'Yield Strength': num('MPa'),
      抗拉强度: num('MPa'),
      elongation: num('%'),
      zT: num(),
      备注: str(),
    });
    const p = proposeMapping(t, {
      names: ['牌号', '试验温度/℃', 'YIELD_STRENGTH (MPa)', '力学性能 / 抗拉强度 (MPa)', 'elongatoin [%]', 'ｚＴ', '炉号', ''],
      rows: [],
    });
    expect(live(p)).toEqual({
      牌号: '牌号',
      试验温度: '试验温度/℃',
      'Yield Strength': 'YIELD_STRENGTH (MPa)',
      抗拉强度: '力学性能 / 抗拉强度 (MPa)',
      elongation: 'elongatoin [%]',
      zT: 'ｚＴ',
    });
    expect(p.unusedHeaders).toEqual(['炉号']);
  });
});
