import { suggestUnits, unitLine } from '../../../src/mapping/values/suggest-units.js';
import { unitConversion } from '../../../src/mapping/values/unit-conversion.js';
import { checkMapping } from '../../../src/mapping/check/check-mapping.js';
import { checkColumns } from '../../../src/mapping/compile/compile-mapping.js';
import { loadMapping } from '../../../src/mapping/load/load-mapping.js';
import { rowsFromArrays } from '../../helpers/read-table-for-tests.js';
import { sampleTemplate } from '../../helpers/templates-for-tests.js';

describe('units the converter does not read', () => {
  test('LaTeX units in headers convert: $\\mu$m, $^\\circ$C, cm$^{-3}$', () => {
    expect(unitConversion('$\\mu$m', 'nm')?.factor).toBeCloseTo(1000);
    expect(unitConversion('$^\\circ$C', 'K')?.offset).toBeCloseTo(273.15);
    expect(unitConversion('cm$^{-3}$', 'm^-3')?.factor).toBeCloseTo(1e6);
  });

  test('suggestUnits: spellings the text may mean that convert to the template unit, then the template unit', () => {
    expect(suggestUnits('Mpa', 'GPa')).toEqual(['MPa', 'GPa']);
    expect(suggestUnits('microns', 'nm')).toEqual(['μm', 'nm']);
    expect(suggestUnits('oC', '℃')).toEqual(['℃']);
    expect(suggestUnits('arb. units', 'a.u.')).toEqual(['a.u.']);
    expect(suggestUnits('furlongs', 'MPa')).toEqual(['MPa']);
    // A spelling that cannot convert to the template's unit is not offered.
    expect(suggestUnits('Mpa', '℃')).toEqual(['℃']);
    expect(suggestUnits('furlongs', undefined)).toEqual([]);
  });

  test('unitLine quotes what YAML would misread', () => {
    expect(unitLine('MPa')).toBe('unit: MPa');
    expect(unitLine('wt.%')).toBe('unit: "wt.%"');
    expect(unitLine('℃')).toBe('unit: "℃"');
  });

  const t101 = sampleTemplate(101);
  const META = 'meta: {title: t, abstract: a, keywords: [k], source: {source: "10", methods: [experiment]}}\n';

  test('a unit in the mapping the converter does not read: MAPPING_UNKNOWN_UNIT at its line, with the unit to write', () => {
    const { spec } = loadMapping(
      `version: 1\ntemplate: 101\n${META}content:\n  牌号: g\n  试验温度: {column: T, unit: oC}\n  热处理状态: {const: 锻态}\n`,
      'm.yaml',
    );
    expect(checkMapping(spec, t101).problems.map((p) => [p.code, p.line, p.path, p.suggestions])).toEqual([
      ['MAPPING_UNKNOWN_UNIT', 6, 'content.试验温度.unit', ['℃']],
    ]);
  });

  test("a header's unit the converter does not read: MAPPING_UNKNOWN_UNIT at the line naming the column; a LaTeX unit is read", () => {
    const { spec } = loadMapping(
      `version: 1\ntemplate: 101\n${META}content:\n  牌号: g\n  试验温度: T\n  热处理状态: {const: 锻态}\n  强化相: {尺寸范围: size}\n`,
      'm.yaml',
    );
    const check = checkMapping(spec, t101);
    const unknown = rowsFromArrays('a.csv', ['g', 'T (degrees Celsius!)', 'size ($\\mu$m)'], []).header;
    expect(checkColumns({ spec, template: t101, check }, unknown).map((p) => [p.code, p.line, p.field, p.suggestions])).toEqual([
      ['MAPPING_UNKNOWN_UNIT', 6, '试验温度', ['℃']],
    ]);
    const latex = rowsFromArrays('a.csv', ['g', 'T ($^\\circ$C)', 'size ($\\mu$m)'], []).header;
    expect(checkColumns({ spec, template: t101, check }, latex)).toEqual([]);
  });
});
