import { proposeMapping } from '../../../src/mapping/header-match/propose-mapping.js';
import type { CellValue } from '../../../src/sources/source-types.js';
import { num, plainTemplate, str, table } from '../../helpers/plain-template.js';

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
