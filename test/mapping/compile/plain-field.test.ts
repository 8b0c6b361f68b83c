import { compileMapping } from '../../../src/mapping/compile/compile-mapping.js';
import { prepareMapping } from '../../../src/mapping/check/prepare-mapping.js';
import { loadMapping } from '../../../src/mapping/load/load-mapping.js';
import { readPlainCell } from '../../../src/mapping/compile/plain-field.js';
import type { CellValue } from '../../../src/sources/source-types.js';
import { rowsFromArrays } from '../../helpers/read-table-for-tests.js';
import { sampleTemplate } from '../../helpers/templates-for-tests.js';

// Text, a converted number (K → ℃), a number as it is with a comma decimal, and an untrimmed text.
const MAPPING = `version: 1
template: 101
meta: {title: t, abstract: a, keywords: [k], source: {source: "10", methods: [experiment]}}
content:
  牌号: {column: grade, trim: false}
  试验温度: {column: T, unit: K}
  热处理状态: {column: state}
  应力序列: {column: stress, split: ";"}
  试验条件: {加载速率: {column: rate, decimal: ","}}
`;
const NAMES = ['grade', 'T', 'state', 'stress', 'rate'];
/** A row every field reads without a problem, into which each test cell goes in turn. */
const GOOD: CellValue[] = ['GH4169', '923.15', '锻态', '1;2', '1,5'];

/** Cells that take the plain path, and cells next to it that must not: spaces, signs, bounds, grouping, exponents, Infinity. */
const CELLS: CellValue[] = [
  'GH4169',
  ' GH4169 ',
  '',
  null,
  '923.15',
  '-0',
  '+5',
  '5.',
  '.5',
  ' 923.15',
  '923.15 ',
  '1,5',
  '1.5',
  '1 234,5',
  '<0.01',
  '1e3',
  '1e999',
  '0.1234567890123456789',
  '\u22123',
  '锻态',
  ' 锻态',
  'abc',
  923.15,
  true,
];

describe('the plain path of a mapped field (compileMapping reads a plain cell inline)', () => {
  const { spec } = loadMapping(MAPPING, 'm.yaml');
  const template = sampleTemplate(101);

  it('gives every record and problem the general path gives, for each cell in each field', () => {
    const data: CellValue[][] = [];
    for (const cell of CELLS)
      for (let column = 0; column < NAMES.length; column++) data.push(GOOD.map((good, i) => (i === column ? cell : good)));
    const { header, rows } = rowsFromArrays('in.csv', NAMES, data);
    const compiled = compileMapping(prepareMapping(spec, template), header);
    const differ: string[] = [];
    let plainReads = 0;
    for (const row of rows) {
      // A traced row takes every field's general evaluator: what the plain path must agree with.
      const fast = compiled.mapRows([row]);
      const general = compiled.mapRows([row], true);
      if (JSON.stringify([fast.partial, fast.problems]) !== JSON.stringify([general.partial, general.problems]))
        differ.push(`row ${row.rowNumber}: ${JSON.stringify(row.values)}`);
      if (fast.problems.length === 0) plainReads++;
    }
    expect(differ).toEqual([]);
    // The comparison means something only if both kinds of rows were met.
    expect(plainReads).toBeGreaterThan(10);
    expect(plainReads).toBeLessThan(rows.length);
  });

  it('reads only non-empty text needing no trim, and leaves every other cell to the general path', () => {
    const number = { index: 0, trim: true, value: { kind: 'number', decimal: '.', conv: { factor: 1, offset: -273.15 } } } as const;
    const text = { index: 0, trim: true, value: { kind: 'text' } } as const;
    expect(readPlainCell(number, '923.15')).toBe(650);
    expect(readPlainCell(number, ' 923.15')).toBeUndefined();
    expect(readPlainCell(number, '1e999')).toBeUndefined();
    expect(readPlainCell(number, '<0.01')).toBeUndefined();
    expect(readPlainCell(number, 923.15)).toBeUndefined();
    expect(readPlainCell(text, 'GH4169')).toBe('GH4169');
    expect(readPlainCell(text, 'GH4169 ')).toBeUndefined();
    expect(readPlainCell({ ...text, trim: false }, 'GH4169 ')).toBe('GH4169 ');
    expect(readPlainCell(text, '')).toBeUndefined();
    expect(readPlainCell(text, null)).toBeUndefined();
  });
});
