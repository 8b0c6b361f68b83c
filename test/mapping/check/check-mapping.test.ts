import { checkMapping } from '../../../src/mapping/check/check-mapping.js';
import { checkColumns } from '../../../src/mapping/compile/compile-mapping.js';
import { compileMapping } from '../../../src/mapping/compile/compile-mapping.js';
import { loadMapping } from '../../../src/mapping/load/load-mapping.js';
import { MappingInvalidError } from '../../../src/mapping/mapping-errors.js';
import { prepareMapping } from '../../../src/mapping/check/prepare-mapping.js';
import { rowsFromArrays } from '../../helpers/read-table-for-tests.js';
import { sampleTemplate } from '../../helpers/templates-for-tests.js';

const t101 = sampleTemplate(101);
const META = `meta:
  title: T
  abstract: A
  keywords: [k]
  source: {source: "10", methods: [experiment]}
`;

function problems(body: string, template = t101): Array<[string, number, string | undefined]> {
  const { spec } = loadMapping(`version: 1\ntemplate: ${template.id}\n${body}`, 'm.yaml');
  return checkMapping(spec, template).problems.map((p) => [p.code, p.line, p.suggestions?.[0]]);
}

describe('checkMapping reports every problem at once, each with its line', () => {
  it('accepts a minimal complete mapping', () => {
    expect(problems(`${META}content:\n  牌号: a\n  试验温度: b\n  热处理状态: {const: 锻态}\n`)).toEqual([]);
  });

  it('finds unknown fields with a did-you-mean, unmapped required fields, unknown transforms and shape mismatches together', () => {
    const found = problems(`${META}content:
  牌号: a
  试验温度: {column: b, uint: K}
  热处理状态: {column: c, map: {x: 退火}}
  屈服强度: {lb: y1, ub: y2}
  保温时间: {columns: [p, q]}
  应力序列: {colums: s}
  化学成份: {rows: []}
  试验条件: {设备: {型号x: m}}
  强化相: 12
`);
    expect(found).toEqual([
      ['MAPPING_UNKNOWN_TRANSFORM', 10, 'unit'],
      ['MAPPING_CHOICE_TARGET_NOT_OPTION', 11, undefined],
      ['MAPPING_SHAPE_MISMATCH', 12, undefined],
      ['MAPPING_SHAPE_MISMATCH', 13, undefined],
      ['MAPPING_UNKNOWN_TRANSFORM', 14, 'column'],
      ['MAPPING_UNKNOWN_FIELD', 15, '化学成分'],
      ['MAPPING_UNKNOWN_FIELD', 16, '型号'],
      ['MAPPING_SHAPE_MISMATCH', 17, undefined],
    ]);
  });

  it('reports a required field left unmapped at its parent', () => {
    expect(problems(`${META}content:\n  牌号: a\n`)).toEqual([
      ['MAPPING_REQUIRED_UNMAPPED', 9, undefined],
      ['MAPPING_REQUIRED_UNMAPPED', 9, undefined],
    ]);
  });

  it('reports a table column map that lacks a required column and a table given as a plain column', () => {
    expect(
      problems(`${META}content:\n  牌号: a\n  试验温度: b\n  热处理状态: {const: 锻态}\n  化学成分: {rows: [{含量: c}]}\n  试验条件: x\n`),
    ).toEqual([
      ['MAPPING_REQUIRED_UNMAPPED', 12, undefined],
      ['MAPPING_SHAPE_MISMATCH', 13, undefined],
    ]);
    expect(problems(`${META}content:\n  牌号: a\n  试验温度: b\n  热处理状态: {const: 锻态}\n  化学成分: c\n`)).toEqual([
      ['MAPPING_SHAPE_MISMATCH', 12, undefined],
    ]);
  });

  it('checks meta: required keys, unknown keys, source and methods', () => {
    const found = problems(
      `meta:\n  titel: x\n  source: {source: "11", methods: "0100"}\ncontent: {牌号: a, 试验温度: b, 热处理状态: {const: 锻态}}\n`,
    );
    expect(found).toEqual([
      ['MAPPING_UNKNOWN_KEY', 4, 'title'],
      ['MAPPING_META_REQUIRED', 4, undefined],
      ['MAPPING_META_REQUIRED', 4, undefined],
      ['MAPPING_META_REQUIRED', 4, undefined],
      ['MAPPING_BAD_META', 5, undefined],
      ['MAPPING_BAD_META', 5, undefined],
    ]);
    expect(
      problems(
        `meta:\n  title: T\n  abstract: A\n  keywords: k\n  source: {source: "01", methods: [experiment]}\ncontent: {牌号: a, 试验温度: b, 热处理状态: {const: 锻态}}\n`,
      ),
    ).toEqual([['MAPPING_META_REQUIRED', 7, undefined]]);
  });

  it('reports typo’d top-level and input keys, and the methods width from settings', () => {
    const { spec } = loadMapping(
      `version: 1\ntemplate: 101\nimput: {}\ninput: {headerRow: 0, sheat: 2}\n${META}content: {牌号: a, 试验温度: b, 热处理状态: {const: 锻态}}\n`,
      'm.yaml',
    );
    expect(checkMapping(spec, t101).problems.map((p) => [p.code, p.line, p.suggestions?.[0]])).toEqual([
      ['MAPPING_UNKNOWN_KEY', 3, 'input'],
      ['MAPPING_BAD_INPUT', 4, undefined],
      ['MAPPING_UNKNOWN_KEY', 4, 'sheet'],
    ]);
    expect(checkMapping(spec, t101, { methodsWidth: 4 }).meta.methods).toBe('0100');
  });

  it('reports a stated unit that cannot convert at once, and header units and missing columns once the header is read', () => {
    const { spec } = loadMapping(
      `version: 1\ntemplate: 101\n${META}content:\n  牌号: 牌号\n  试验温度: {column: 温度, unit: MPa}\n  热处理状态: 状太\n  应力序列: {column: 应力}\n`,
      'm.yaml',
    );
    const check = checkMapping(spec, t101);
    expect(check.problems.map((p) => [p.code, p.line, p.field])).toEqual([['MAPPING_UNIT_CONVERSION', 10, '试验温度']]);
    const { header } = rowsFromArrays('a.csv', ['牌号', '温度', '状态', '应力 (h)'], []);
    expect(checkColumns({ spec, template: t101, check }, header).map((p) => [p.code, p.line, p.suggestions?.[0]])).toEqual([
      ['MAPPING_COLUMN_NOT_FOUND', 11, '状态'],
      ['MAPPING_UNIT_CONVERSION', 12, undefined],
    ]);
    // Checked once, before any header: the stated unit stops it there.
    const thrown = caught(() => prepareMapping(spec, t101));
    expect(thrown.problems.map((p) => p.code)).toEqual(['MAPPING_UNIT_CONVERSION']);
    // Without it, binding the header finds the header's own problems, and only those.
    const { spec: fixed } = loadMapping(
      `version: 1\ntemplate: 101\n${META}content:\n  牌号: 牌号\n  试验温度: {column: 温度}\n  热处理状态: 状太\n  应力序列: {column: 应力}\n`,
      'm.yaml',
    );
    const bound = caught(() => compileMapping(prepareMapping(fixed, t101), header));
    expect([bound.kind, bound.code, bound.problems.map((p) => p.code)]).toEqual([
      'mapping',
      'MAPPING_INVALID',
      ['MAPPING_COLUMN_NOT_FOUND', 'MAPPING_UNIT_CONVERSION'],
    ]);
  });
});

/** The MappingInvalidError `run` throws. */
function caught(run: () => unknown): MappingInvalidError {
  try {
    run();
  } catch (error) {
    if (error instanceof MappingInvalidError) return error;
    throw error;
  }
  throw new Error('expected a MappingInvalidError');
}

describe('prepareMapping', () => {
  it('returns the checked mapping, or throws one MAPPING_INVALID with every problem', () => {
    const good = `version: 1\ntemplate: 101\n${META}content: {牌号: a, 试验温度: b, 热处理状态: {const: 锻态}}\n`;
    expect(prepareMapping(loadMapping(good, 'm.yaml').spec, t101).check.ok).toBe(true);
    const thrown = caught(() => prepareMapping(loadMapping(`version: 1\ntemplate: 101\n${META}content: {牌号: a}\n`, 'm.yaml').spec, t101));
    expect([thrown.code, thrown.problems.length, thrown.location?.row]).toEqual(['MAPPING_INVALID', 2, 8]);
  });
});

describe('checkMapping catches options that would lose data', () => {
  it('checks constants once, with the per-row code, instead of failing every row', () => {
    expect(
      problems(`meta:
  title: T
  abstract: A
  keywords: [k]
  source: {source: "10", methods: [experiment]}
  public: maybe
  public_date: -1
  public_range: 7
  doi: doi
content:
  牌号: a
  试验温度: {const: hot}
  热处理状态: {const: 锻态}
  显微组织: {const: not/a/path}
  试验条件: {设备: {型号: {const: M-1}}}
`),
    ).toEqual([
      ['MAPPING_BAD_CONSTANT', 8, undefined],
      ['MAPPING_BAD_CONSTANT', 9, undefined],
      ['MAPPING_BAD_CONSTANT', 10, undefined],
      ['MAPPING_BAD_CONSTANT', 11, undefined],
      ['MAPPING_BAD_CONSTANT', 14, undefined],
      ['MAPPING_BAD_CONSTANT', 16, undefined],
    ]);
  });

  it('rejects transforms that cannot work on the field type', () => {
    expect(
      problems(
        `${META}content:\n  牌号: a\n  试验温度: {column: b, date: YYYY-MM-DD}\n  热处理状态: {const: 锻态}\n  显微组织: {column: p, unit: MPa}\n  应力序列: {column: s, unit: ksi, split: ";"}\n`,
      ).map(([c, l]) => [c, l]),
    ).toEqual([
      ['MAPPING_SHAPE_MISMATCH', 10],
      ['MAPPING_SHAPE_MISMATCH', 12],
    ]);
  });

  it('rejects an empty or blank split, which would cut a cell into single characters', () => {
    expect(
      problems(
        `${META}content:\n  牌号: a\n  试验温度: b\n  热处理状态: {const: 锻态}\n  应力序列: {column: s, split: ""}\n  显微组织: {column: p, split: "  "}\n`,
      ),
    ).toEqual([
      ['MAPPING_BAD_OPTION', 12, undefined],
      ['MAPPING_BAD_OPTION', 13, undefined],
    ]);
  });
});

describe('checkColumns', () => {
  it('warns when a meta literal is exactly a header name (institution: inst sends the text "inst")', () => {
    const { spec } = loadMapping(
      `version: 1\ntemplate: 101\nmeta:\n  title: T\n  abstract: A\n  keywords: kw\n  institution: inst\n  source: {source: "10", methods: [experiment]}\ncontent:\n  牌号: a\n  试验温度: b\n  热处理状态: {const: 锻态}\n`,
      'm.yaml',
    );
    const { header } = rowsFromArrays('a.csv', ['a', 'b', 'inst', 'kw', 'T x'], []);
    expect(compileMapping(prepareMapping(spec, t101), header).warnings.map((w) => [w.code, w.line, w.path])).toEqual([
      ['MAPPING_META_LITERAL_IS_COLUMN', 6, 'meta.keywords'],
      ['MAPPING_META_LITERAL_IS_COLUMN', 7, 'meta.institution'],
    ]);
  });

  it('lists missing columns in the order of the mapping file', () => {
    const { spec } = loadMapping(
      `version: 1\ntemplate: 101\n${META}content:\n  试验温度: x\n  牌号: y\n  热处理状态: {const: 锻态}\nkey: [z]\n`,
      'm.yaml',
    );
    const { header } = rowsFromArrays('a.csv', ['a'], []);
    expect(checkColumns(prepareMapping(spec, t101), header).map((p) => p.line)).toEqual([9, 10, 12]);
  });

  it('reports a name that matches several columns as ambiguous, with the candidates, instead of taking the first', () => {
    const { spec } = loadMapping(
      `version: 1\ntemplate: 101\n${META}content:\n  牌号: 牌号\n  试验温度: 温度\n  热处理状态: temp\n`,
      'm.yaml',
    );
    const { header } = rowsFromArrays('a.csv', ['牌号', '温度 (K)', '温度 (℃)', 'Temp', 'TEMP'], []);
    expect(checkColumns(prepareMapping(spec, t101), header).map((p) => [p.code, p.line, p.suggestions])).toEqual([
      ['MAPPING_COLUMN_AMBIGUOUS', 10, ['温度 (K)', '温度 (℃)']],
      ['MAPPING_COLUMN_AMBIGUOUS', 11, ['Temp', 'TEMP']],
    ]);
  });
});
