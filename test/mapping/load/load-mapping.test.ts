import { isMgeError, MgeError } from '../../../src/errors/mge-error.js';
import { loadMapping } from '../../../src/mapping/load/load-mapping.js';
import { nodeToJson } from '../../../src/mapping/check/value-plan.js';

function thrown(fn: () => unknown): MgeError {
  try {
    fn();
  } catch (error) {
    if (isMgeError(error)) return error;
    throw error;
  }
  throw new Error('expected an MgeError');
}

describe('loadMapping', () => {
  it('reads the input settings into exactly the reader options', () => {
    const { spec } = loadMapping(
      'version: 1\ntemplate: 201\ninput: {sheet: 数据, headerRow: 3, headerRows: 2, dataStartRow: 5, skipRows: [4], encoding: GBK, delimiter: tab}\nkey: [a, "01"]\ngroupBy: g\noptions: {methodsWidth: 4, decimal: ","}\n',
      'm.yaml',
    );
    expect(spec.input).toEqual({
      sheet: '数据',
      headerRow: 3,
      headerRows: 2,
      dataStartRow: 5,
      skipRows: [4],
      encoding: 'gb18030',
      delimiter: '\t',
    });
    expect(spec.key.map((k) => [k.name, k.line])).toEqual([
      ['a', 4],
      ['01', 4],
    ]);
    expect(spec.groupBy.map((k) => k.name)).toEqual(['g']);
    expect([spec.methodsWidth, spec.decimal, spec.template, spec.problems]).toEqual([4, ',', 201, []]);
  });

  it('accepts JSON, which is YAML', () => {
    const { spec } = loadMapping('{"version": 1, "template": 101, "content": {"牌号": "a"}}', 'm.json');
    expect(spec.content?.entries.has('牌号')).toBe(true);
  });

  it('reports a YAML syntax error with its line and column', () => {
    const error = thrown(() => loadMapping('version: 1\ntemplate: 101\ncontent:\n  a: [b\n', 'm.yaml'));
    expect([error.kind, error.code, error.location?.file, error.location?.row]).toEqual(['mapping', 'MAPPING_YAML_SYNTAX', 'm.yaml', 5]);
    const dup = thrown(() => loadMapping('version: 1\ntemplate: 101\ntemplate: 102\n', 'm.yaml'));
    expect([dup.code, dup.location?.row, dup.location?.col]).toEqual(['MAPPING_YAML_SYNTAX', 3, 1]);
  });

  it('needs version 1 and a template id', () => {
    expect(thrown(() => loadMapping('version: 1\ntemplate: abc\n', 'm.yaml')).location?.row).toBe(2);
    expect(thrown(() => loadMapping('version: 1\n', 'm.yaml')).code).toBe('MAPPING_NO_TEMPLATE');
    expect(thrown(() => loadMapping('- a\n', 'm.yaml')).code).toBe('MAPPING_NOT_AN_OBJECT');
  });

  it('reports a wrong or missing version together with the other problems, not instead of them', () => {
    const { spec } = loadMapping('version: 2\ntemplate: 101\nimput: {}\n', 'm.yaml');
    expect(spec.problems.map((p) => [p.code, p.line])).toEqual([
      ['MAPPING_UNKNOWN_KEY', 3],
      ['MAPPING_VERSION', 1],
    ]);
    expect(loadMapping('template: 101\n', 'm.yaml').spec.problems.map((p) => p.code)).toEqual(['MAPPING_VERSION']);
  });

  it('reports a dataStartRow at or above the header row', () => {
    const { spec } = loadMapping('version: 1\ntemplate: 101\ninput:\n  headerRow: 3\n  dataStartRow: 2\n', 'm.yaml');
    expect(spec.problems.map((p) => [p.code, p.line, p.path])).toEqual([['MAPPING_BAD_INPUT', 5, 'input.dataStartRow']]);
    expect(loadMapping('version: 1\ntemplate: 101\ninput: {dataStartRow: 1}\n', 'm.yaml').spec.problems.map((p) => p.code)).toEqual([
      'MAPPING_BAD_INPUT',
    ]);
  });

  it('keeps __proto__ and constructor keys as plain data', () => {
    const { spec } = loadMapping(
      'version: 1\ntemplate: 101\ncontent:\n  __proto__: {column: x}\n  constructor: {const: {__proto__: {polluted: 1}}}\n',
      'm.yaml',
    );
    expect([...(spec.content?.entries.keys() ?? [])]).toEqual(['__proto__', 'constructor']);
    const constant = nodeToJson(spec.content!.entries.get('constructor')!) as Record<string, unknown>;
    expect(Object.keys(constant['const'] as object)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('collects bad input values as problems instead of stopping', () => {
    const { spec } = loadMapping(
      'version: 1\ntemplate: 101\ninput:\n  sheet: 0\n  encoding: latin1\n  delimiter: "#"\n  skipRows: [x]\noptions: {methodsWidth: 5}\n',
      'm.yaml',
    );
    expect(spec.problems.map((p) => [p.code, p.line])).toEqual([
      ['MAPPING_BAD_INPUT', 4],
      ['MAPPING_BAD_INPUT', 7],
      ['MAPPING_BAD_INPUT', 5],
      ['MAPPING_BAD_INPUT', 6],
      ['MAPPING_BAD_OPTION', 8],
    ]);
  });
});

describe('loadMapping keys', () => {
  it('keeps number-like keys as written', () => {
    const { spec } = loadMapping('version: 1\ntemplate: 101\ncontent:\n  01: a\n  2.50: b\n', 'm.yaml');
    expect([...(spec.content?.entries.keys() ?? [])]).toEqual(['01', '2.50']);
  });
});

describe('loadMapping bounds', () => {
  it('stops an alias bomb at the alias whose expansion passes the node limit', () => {
    const lines = ['version: 1', 'template: 201', 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 8; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(', ')}]`);
    const error = thrown(() => loadMapping(lines.join('\n'), 'm.yaml'));
    expect([error.kind, error.code, error.location?.file]).toEqual(['mapping', 'MAPPING_ALIAS_EXPANSION', 'm.yaml']);
    // Line 7 (a4) is where the count passes 100,000: its ten *a3 copy over 12,000 nodes each.
    expect(error.location?.row).toBe(7);
    expect(error.location?.col).toBeGreaterThan(10);
    expect(error.details).toEqual({ limit: 100_000 });
  });

  it('an alias that names the node it sits in is MAPPING_TOO_DEEP, not a stack overflow', () => {
    const error = thrown(() => loadMapping('version: 1\ntemplate: 201\ncontent: &c\n  a: *c\n', 'm.yaml'));
    expect([error.code, error.location?.row, error.location?.col]).toEqual(['MAPPING_TOO_DEEP', 4, 6]);
  });

  it('nesting one level past the limit is MAPPING_TOO_DEEP at the line that goes too deep; at the limit it loads', () => {
    const nested = (levels: number): string =>
      `version: 1\ntemplate: 201\ncontent:\n${Array.from({ length: levels }, (_v, i) => `${'  '.repeat(i + 1)}a${i}:`).join('\n')} x\n`;
    expect(loadMapping(nested(63), 'm.yaml').spec.problems).toEqual([]);
    const error = thrown(() => loadMapping(nested(64), 'm.yaml'));
    expect([error.kind, error.code, error.location?.row]).toEqual(['mapping', 'MAPPING_TOO_DEEP', 67]);
  });

  it('nesting so deep that the YAML parser runs out of stack is MAPPING_TOO_DEEP with its place too, never an internal error', () => {
    const levels = 200_000;
    const error = thrown(() => loadMapping(`version: 1\ntemplate: 201\ncontent: ${'['.repeat(levels)}${']'.repeat(levels)}\n`, 'm.yaml'));
    expect([error.kind, error.code, error.location?.file, error.location?.row]).toEqual(['mapping', 'MAPPING_TOO_DEEP', 'm.yaml', 3]);
  });
});
