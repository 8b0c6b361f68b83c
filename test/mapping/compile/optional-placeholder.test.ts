import { compileMapping } from '../../../src/mapping/compile/compile-mapping.js';
import { prepareMapping } from '../../../src/mapping/check/prepare-mapping.js';
import { loadMapping } from '../../../src/mapping/load/load-mapping.js';
import type { CellValue } from '../../../src/sources/source-types.js';
import { rowsFromArrays } from '../../helpers/read-table-for-tests.js';
import { sampleTemplate } from '../../helpers/templates-for-tests.js';

const t201 = sampleTemplate(201);

function titleOf(title: string, cells: CellValue[], content = '化学式: a'): { title: string | undefined; problems: string[] } {
  const { spec } = loadMapping(
    `version: 1
template: 201
meta: {title: "${title}", abstract: x, keywords: [k], source: {source: "10", methods: [experiment]}}
content:
  ${content}
  化学成分: {fromColumns: {columns: {C: c}, label: 元素, value: 含量}}
  屈服强度: {const: 500}
`,
    'm.yaml',
  );
  const { header, rows } = rowsFromArrays('in.csv', ['a', 'b', 'c'], [cells]);
  const result = compileMapping(prepareMapping(spec, t201), header).mapRows(rows, true);
  return { title: result.partial.meta.title || undefined, problems: result.problems.map((p) => p.code) };
}

describe('text templates with optional placeholders ({b?})', () => {
  test('an empty optional placeholder keeps the rest of the text, without a doubled space', () => {
    expect(titleOf('{a} at {b?} ℃', ['GH4169', null, '0.1']).title).toBe('GH4169 at ℃');
    expect(titleOf('{a} at {b?} ℃', ['GH4169', '650', '0.1']).title).toBe('GH4169 at 650 ℃');
    expect(titleOf('{a}{b?}', ['GH4169', '', '0.1']).title).toBe('GH4169');
  });

  test('an empty placeholder without ? still leaves the whole text absent', () => {
    expect(titleOf('{a} at {b} ℃', ['GH4169', null, '0.1']).title).toBeUndefined();
  });

  test('every placeholder optional and empty: the text is absent, not only its literal parts', () => {
    expect(titleOf('{a?} at {b?} ℃', [null, null, '0.1']).title).toBeUndefined();
  });

  test('the column of an optional placeholder is looked up without its ?, and reported when missing', () => {
    const { spec } = loadMapping(
      `version: 1
template: 201
meta: {title: "{a} {zz?}", abstract: x, keywords: [k], source: {source: "10", methods: [experiment]}}
content: {化学式: a, 化学成分: {fromColumns: {columns: {C: c}, label: 元素, value: 含量}}, 屈服强度: {const: 500}}
`,
      'm.yaml',
    );
    const { header } = rowsFromArrays('in.csv', ['a', 'b', 'c'], []);
    const error = (() => {
      try {
        compileMapping(prepareMapping(spec, t201), header);
        return undefined;
      } catch (e) {
        return e as { problems: { code: string; line: number; message: string }[] };
      }
    })();
    expect(error?.problems.map((p) => [p.code, p.line])).toEqual([['MAPPING_COLUMN_NOT_FOUND', 3]]);
    expect(error?.problems[0]?.message).toContain('"zz"');
  });
});
