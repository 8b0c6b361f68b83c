import { proposeMapping } from '../../../src/mapping/header-match/propose-mapping.js';
import type { CellValue } from '../../../src/sources/source-types.js';
import { num, plainTemplate, range, str, table } from '../../helpers/plain-template.js';

/** Proposals `init` can write live when the data bears them out, though the names alone fall short. */
describe('proposeMapping: grouped rows whose cells fit the table', () => {
  const template = plainTemplate({
    样品编号: str(true),
    变温测试: table({ 测试温度: num('K', true), 塞贝克系数: num('μV/K'), 样品状态: str() }, true),
  });
  // Two samples, each measured at three temperatures: the sample's cells written once (merged below).
  const rows: CellValue[][] = [
    ['TE-001', 300, 150.2, 'annealed'],
    [null, 400, 171.5, 'annealed'],
    [null, 500, 180.1, 'as cast'],
    ['TE-002', 300, -90.4, 'as cast'],
    [null, 400, -101.3, 'as cast'],
    [null, 500, -110.9, 'annealed'],
  ];

  test('number columns of the table, named only fairly well, are live when their cells are numbers in a unit that converts', () => {
    const p = proposeMapping(template, { names: ['Sample', 'T (K)', 'Seebeck (μV/K)'], rows: rows.map((r) => r.slice(0, 3)) });
    expect(p.groupBy).toEqual(['Sample']);
    expect(p.tables).toMatchObject([
      {
        kind: 'fromRows',
        cells: [
          ['测试温度', 'T (K)'],
          ['塞贝克系数', 'Seebeck (μV/K)'],
        ],
        sure: true,
      },
    ]);
    const cells = p.tables[0]?.kind === 'fromRows' ? p.tables[0].scores : [];
    // The names alone would not be sure: the data makes them so.
    expect(cells.some((s) => s < 0.6)).toBe(true);
  });

  test('a text column named only fairly well stays a guess: text cells say nothing of which text field they fill', () => {
    const p = proposeMapping(template, { names: ['Sample', 'T (K)', 'Seebeck (μV/K)', 'state'], rows });
    expect(p.tables).toMatchObject([{ kind: 'fromRows', sure: false }]);
    expect(p.tables[0]?.kind === 'fromRows' && p.tables[0].cells.map(([c]) => c)).toEqual(['测试温度', '塞贝克系数', '样品状态']);
  });
});

describe('proposeMapping: value±error fields', () => {
  const template = plainTemplate({
    Compound: str(true),
    'Figure of merit zT': range('error'),
    'Seebeck coefficient': range('error', 'μV/K'),
  });
  const names = ['compound', 'zt', 'zt_sd', 'seeb_coef', 'seeb_coef_unc'];
  const rows: CellValue[][] = [
    ['Bi2Te3', '0.74', '0.33', '-6', '237'],
    ['Zn4Sb3', '0.50', '', '152.6', '6.8'],
    ['CaMnO3', '0.02', '', '-195.8', '12'],
  ];

  test('a terse abbreviation and a sibling column of its uncertainty make {val, err}; blank error cells make errOptional', () => {
    const p = proposeMapping(template, { names, rows });
    const pick = (path: string): unknown => {
      const f = p.fields.find((x) => x.field.path === path);
      return f && [f.header, f.second, f.errOptional, f.sure];
    };
    expect(pick('Figure of merit zT')).toEqual(['zt', 'zt_sd', true, true]);
    expect(pick('Seebeck coefficient')).toEqual(['seeb_coef', 'seeb_coef_unc', false, true]);
    expect(p.unusedHeaders).toEqual([]);
  });

  test('an error written after the value in a bare column of its own (`±`, `sd`) is its partner', () => {
    const p = proposeMapping(template, { names: ['compound', 'zT', '±', 'Seebeck coefficient (μV/K)', 'sd'], rows });
    expect(p.fields.filter((f) => f.second !== undefined).map((f) => [f.header, f.second])).toEqual([
      ['zT', '±'],
      ['Seebeck coefficient (μV/K)', 'sd'],
    ]);
  });

  test('a column of single numbers for a value±error field goes as the value alone (errOptional); for an interval it is no sure match', () => {
    const t = plainTemplate({ Hardness: range('error', 'HV'), 'Holding time': range('interval', 'h') });
    const p = proposeMapping(t, {
      names: ['hardness (HV)', 'holding time (h)'],
      rows: [
        ['210', '2'],
        ['190', '4'],
        ['205', '8'],
      ],
    });
    expect(p.fields.map((f) => [f.field.path, f.second, f.errOptional, f.sure])).toEqual([
      ['Hardness', undefined, true, true],
      ['Holding time', undefined, false, false],
    ]);
    expect(p.fields[1]?.note).toMatch(/single numbers/);
  });
});

describe('proposeMapping: one quantity per element', () => {
  test('columns named by element names in words (oxygen, nitrogen, carbon content) fill the composition table with fromColumns', () => {
    const t = plainTemplate({ 牌号: str(true), 化学成分: table({ 元素: str(true), 含量: num('wt.%') }) });
    const names = ['grade', 'oxygen content (wt.%)', 'nitrogen content (wt.%)', 'carbon content (wt.%)', 'Hydrogen (wt.%)'];
    const p = proposeMapping(t, { names, rows: [['Ti-64', '0.12', '0.01', '0.02', '0.001']] });
    expect(p.tables).toMatchObject([
      {
        kind: 'fromColumns',
        columns: [
          ['O', 'oxygen content (wt.%)'],
          ['N', 'nitrogen content (wt.%)'],
          ['C', 'carbon content (wt.%)'],
          ['H', 'Hydrogen (wt.%)'],
        ],
        unit: 'wt.%',
        sure: true,
      },
    ]);
  });

  test('snake_case element columns (o_content, n_content) are element columns too; words that only start like an element are not', () => {
    const t = plainTemplate({ Composition: table({ Element: str(true), Content: num() }) });
    const p = proposeMapping(t, {
      names: ['o_content', 'n_content', 'c_content', 'carbonate', 'ironic'],
      rows: [['1', '2', '3', '4', '5']],
    });
    expect(p.tables[0]?.kind === 'fromColumns' && p.tables[0].columns).toEqual([
      ['O', 'o_content'],
      ['N', 'n_content'],
      ['C', 'c_content'],
    ]);
  });
});

describe('proposeMapping: identifiers by their values', () => {
  const ids = ['mp-1143', 'mp-2657', 'mp-19717', 'mp-556', 'mp-3271'];
  const t = plainTemplate({ 'Materials Project ID': str(true), Formula: str(true), 'Band gap': num('eV') });

  test('a column whose values share an id pattern (mp-1234) fills an identifier field though its header does not say id', () => {
    const rows = ids.map((id, i) => [id, ['Al2O3', 'TiO2', 'ZnO', 'GaN', 'SiC'][i]!, String(i + 1.5)]);
    const p = proposeMapping(t, { names: ['entry', 'formula', 'gap'], rows });
    expect(p.fields.find((f) => f.field.path === 'Materials Project ID')).toMatchObject({ header: 'entry', sure: true });
    expect(p.key).toMatchObject({ headers: ['entry'], sure: true });
  });

  test('values of no common pattern give an identifier field nothing', () => {
    const rows = [['a'], ['Bb 2'], ['c-3'], ['4'], ['xyz']];
    const p = proposeMapping(t, { names: ['entry'], rows });
    expect(p.fields.filter((f) => f.sure)).toEqual([]);
  });
});
