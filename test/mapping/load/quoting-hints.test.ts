import { checkMapping } from '../../../src/mapping/check/check-mapping.js';
import { checkColumns } from '../../../src/mapping/compile/compile-mapping.js';
import { quotingFix } from '../../../src/mapping/load/quoting-fix.js';
import { loadMapping } from '../../../src/mapping/load/load-mapping.js';
import { MappingError } from '../../../src/mapping/mapping-errors.js';
import { rowsFromArrays } from '../../helpers/read-table-for-tests.js';
import { sampleTemplate } from '../../helpers/templates-for-tests.js';

const t201 = sampleTemplate(201);
const HEAD = `version: 1
template: 201
meta: {title: t, abstract: a, keywords: [k], source: {source: "10", methods: [experiment]}}
content:
  化学成分: {fromColumns: {columns: {C: c}, label: 元素, value: 含量}}
  屈服强度: ys
`;

function loadError(text: string): MappingError {
  try {
    loadMapping(text, 'm.yaml');
  } catch (error) {
    if (error instanceof MappingError) return error;
  }
  throw new Error('no MappingError');
}

describe('headers that need YAML quoting', () => {
  test('quotingFix quotes the text holding ": " or " #", in block and flow style', () => {
    expect(quotingFix('  孔隙率: SAMPLE: Exp. porosity (vol.%)')).toBe('  孔隙率: "SAMPLE: Exp. porosity (vol.%)"');
    expect(quotingFix('  a: {column: SAMPLE: Exp. porosity, unit: "%"}')).toBe('  a: {column: "SAMPLE: Exp. porosity", unit: "%"}');
    expect(quotingFix('key: [id, Sample: id]')).toBe('key: [id, "Sample: id"]');
    expect(quotingFix('  a: "SAMPLE: x"')).toBeUndefined();
    expect(quotingFix('  a: {column: x}')).toBeUndefined();
  });

  test('": " in a value: MAPPING_YAML_SYNTAX at its line, the quoted line as the fix', () => {
    const error = loadError(`${HEAD}  化学式: SAMPLE: formula\n`);
    expect([error.code, error.location?.row]).toEqual(['MAPPING_YAML_SYNTAX', 7]);
    expect(error.details).toMatchObject({ fix: '化学式: "SAMPLE: formula"' });
    const flow = loadError(`${HEAD}  化学式: {column: SAMPLE: formula}\n`);
    expect([flow.code, flow.location?.row, flow.details?.['fix']]).toEqual([
      'MAPPING_YAML_SYNTAX',
      7,
      '化学式: {column: "SAMPLE: formula"}',
    ]);
  });

  test('another syntax error gives no quoting fix', () => {
    const error = loadError(`${HEAD}  化学式: "formula\n`);
    expect(error.code).toBe('MAPPING_YAML_SYNTAX');
    expect(error.details?.['fix']).toBeUndefined();
  });

  test('": " in a key list reads as a mapping: MAPPING_SHAPE_MISMATCH with the quoted name', () => {
    const { spec } = loadMapping(`${HEAD.replace('content:', 'key: [Sample: id]\ncontent:')}  化学式: f\n`, 'm.yaml');
    expect(checkMapping(spec, t201).problems.map((p) => [p.code, p.line, p.suggestions])).toEqual([
      ['MAPPING_SHAPE_MISMATCH', 4, ['Sample: id']],
    ]);
  });

  test('" #" cut a header short: MAPPING_COLUMN_NEEDS_QUOTES at its line, with the quoted header; a real comment after a found column is left alone', () => {
    const { spec } = loadMapping(`${HEAD}  化学式: Sample #2\n  抗拉强度: uts   # from the second sheet\n`, 'm.yaml');
    const check = checkMapping(spec, t201);
    const { header } = rowsFromArrays('a.csv', ['Sample #2', 'c', 'ys', 'uts'], []);
    expect(checkColumns({ spec, template: t201, check }, header).map((p) => [p.code, p.line, p.suggestions])).toEqual([
      ['MAPPING_COLUMN_NEEDS_QUOTES', 7, ['Sample #2']],
    ]);
  });
});
