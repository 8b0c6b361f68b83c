import { checkMapping } from '../../../src/mapping/check/check-mapping.js';
import { compileMapping } from '../../../src/mapping/compile/compile-mapping.js';
import { prepareMapping } from '../../../src/mapping/check/prepare-mapping.js';
import { loadMapping } from '../../../src/mapping/load/load-mapping.js';
import type { MappedRow } from '../../../src/mapping/rows/mapped-row.js';
import { toMappedRows } from '../../../src/mapping/rows/to-mapped-rows.js';
import type { CellValue } from '../../../src/sources/source-types.js';
import { rowsFromArrays } from '../../helpers/read-table-for-tests.js';
import { fromArray } from '../../helpers/iterables.js';
import { sampleTemplate } from '../../helpers/templates-for-tests.js';

const t101 = sampleTemplate(101);
const mapping = (range: string): string => `version: 1
template: 101
meta: {title: t, abstract: a, keywords: [k], source: {source: "10", methods: [experiment]}}
content:
  牌号: grade
  试验温度: T
  热处理状态: {const: 锻态}
  屈服强度: ${range}
`;

async function mapped(range: string, data: CellValue[][]): Promise<MappedRow[]> {
  const { spec } = loadMapping(mapping(range), 'm.yaml');
  const { header, rows } = rowsFromArrays('in.csv', ['grade', 'T', 'YS', 'YS err'], data);
  const out: MappedRow[] = [];
  for await (const row of toMappedRows(fromArray(rows), compileMapping(prepareMapping(spec, t101), header))) out.push(row);
  return out;
}

describe('a value±error range from two columns whose error cell is empty', () => {
  test('with errOptional: true it is sent as {val} alone and the row is valid', async () => {
    const rows = await mapped('{val: YS, err: YS err, errOptional: true}', [
      ['GH4169', 650, 1035, null],
      ['GH4169', 650, 1035, 12.5],
    ]);
    expect(rows.map((r) => r.problems)).toEqual([[], []]);
    expect(rows.map((r) => (r.record?.content as Record<string, unknown>)['屈服强度'])).toEqual([{ val: 1035 }, { err: 12.5, val: 1035 }]);
  });

  test('a row invalid for another reason reports only that: {val} alone still passes the full check', async () => {
    const [row] = await mapped('{val: YS, err: YS err, errOptional: true}', [[null, 650, 1035, null]]);
    expect(row!.problems.map((p) => [p.code, p.location.cell])).toEqual([['REQUIRED_MISSING', 'A2']]);
  });

  test('without it the problem is at the empty error cell (D2), not at the value cell (C2)', async () => {
    const [row] = await mapped('{val: YS, err: YS err}', [['GH4169', 650, 1035, null]]);
    expect(row!.problems.map((p) => [p.code, p.location.cell, p.field])).toEqual([['RANGE_SHAPE', 'D2', 'content.屈服强度']]);
  });

  test('with errOptional an empty value cell is still a problem, at the value cell', async () => {
    const [row] = await mapped('{val: YS, err: YS err, errOptional: true}', [['GH4169', 650, null, 3]]);
    expect(row!.problems.map((p) => [p.code, p.location.cell])).toEqual([['RANGE_SHAPE', 'C2']]);
  });

  test('from one cell, errOptional reads a cell holding the value alone as {val}; without it that cell is VALUE_NOT_A_RANGE', async () => {
    const rows = await mapped('{column: YS, errOptional: true}', [
      ['GH4169', 650, '1035', null],
      ['GH4169', 650, 1035, null],
      ['GH4169', 650, '1035±12.5', null],
      ['GH4169', 650, 'n/a', null],
    ]);
    expect(rows.map((r) => (r.record?.content as Record<string, unknown> | undefined)?.['屈服强度'])).toEqual([
      { val: 1035 },
      { val: 1035 },
      { err: 12.5, val: 1035 },
      undefined,
    ]);
    expect(rows.map((r) => r.problems.map((p) => [p.code, p.location.cell]))).toEqual([[], [], [], [['VALUE_NOT_A_RANGE', 'C5']]]);
    const [strict] = await mapped('YS', [['GH4169', 650, '1035', null]]);
    expect(strict!.problems.map((p) => [p.code, p.location.cell])).toEqual([['VALUE_NOT_A_RANGE', 'C2']]);
  });

  test('errOptional on an interval, or not a boolean, is a mapping problem at its line', () => {
    const check = (range: string, field = '屈服强度'): Array<[string, number]> => {
      const { spec } = loadMapping(mapping(range).replace('屈服强度:', `${field}:`), 'm.yaml');
      return checkMapping(spec, t101).problems.map((p) => [p.code, p.line]);
    };
    expect(check('{val: YS, err: YS err, errOptional: maybe}')).toEqual([['MAPPING_BAD_OPTION', 8]]);
    expect(check('{lb: YS, ub: YS err, errOptional: true}', '保温时间')).toEqual([['MAPPING_SHAPE_MISMATCH', 8]]);
    expect(check('{column: YS, errOptional: true}', '保温时间')).toEqual([['MAPPING_SHAPE_MISMATCH', 8]]);
    expect(check('{column: YS, errOptional: 1}')).toEqual([['MAPPING_BAD_OPTION', 8]]);
  });
});
