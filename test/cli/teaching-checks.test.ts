import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBuiltCli } from './run-built-cli.js';
import { tempDirSync } from '../helpers/temp-dir.js';

const root = new URL('../../', import.meta.url).pathname;
const dir = tempDirSync('mge-teach-');
const offline = ['--template-file', 'samples/templates.json', '--no-template-cache'];
const steel = readFileSync(join(root, 'mappings', 'steel_strength.yaml'), 'utf8');
const rows = readFileSync(join(root, 'mappings', 'steel_composition_rows.yaml'), 'utf8');

function write(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}
const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
const validate = (mapping: string, input: string, ...more: string[]): ReturnType<typeof runBuiltCli> =>
  runBuiltCli(['validate', ...offline, '--mapping', mapping, input, ...more], { cwd: root });

/** Template 101 rows: grade, test temperature, yield strength ± error. */
const T101 = `version: 1
template: 101
key: $row
meta: {title: "{grade} at {T?} ℃", abstract: a, keywords: [k], source: {source: "10", methods: [experiment]}}
content:
  牌号: grade
  试验温度: T
  热处理状态: {const: 锻态}
  屈服强度: {val: YS, err: YS err}
`;

describe('checks that teach, through the built CLI (codes and places)', () => {
  test('mapping problems: template-level and column problems in one run; a name needing quotes; a unit it cannot read', async () => {
    const both = write(
      'both.yaml',
      steel.replace('  屈服强度: yield strength', '  屈服强渡: yield strength').replace('  延伸率: elongation', '  延伸率: elongaton'),
    );
    const quoting = write('quoting.yaml', steel.replace('  化学式: formula', '  化学式: SAMPLE: formula'));
    const unitCsv = write('unit.csv', 'grade,T (degrees Celsius!),YS,YS err\nGH4169,650,1035,12\n');
    const unit = write('unit.yaml', T101);
    const [one, two, three] = await Promise.all([
      validate(both, 'samples/steel_strength.csv'),
      validate(quoting, 'samples/steel_strength.csv'),
      validate(unit, unitCsv),
    ]);
    expect([one.code, two.code, three.code]).toEqual([2, 2, 2]);
    expect(one.stderr).toMatch(/^error MAPPING_INVALID: /);
    expect(one.stderr).toContain(`${both}:${lineOf(steel, '屈服强度: yield')}:3 MAPPING_UNKNOWN_FIELD`);
    expect(one.stderr).toContain(`${both}:${lineOf(steel, '延伸率: elongation')}:8 MAPPING_COLUMN_NOT_FOUND`);
    expect(two.stderr).toMatch(new RegExp(`^error MAPPING_YAML_SYNTAX: ${quoting}:${lineOf(steel, '化学式: formula')}:`));
    expect(two.stderr).toContain('化学式: "SAMPLE: formula"');
    expect(three.stderr).toContain(`${unit}:${lineOf(T101, '试验温度: T')}:9 MAPPING_UNKNOWN_UNIT`);
    expect(three.stderr).toContain('did you mean "℃"?');
    expect(one.stderr + two.stderr + three.stderr).not.toMatch(/\n\s+at .*\.js:\d+/);
  });

  test('rows: the empty error cell, an optional placeholder, $row with its warning', async () => {
    const csv = write('ys.csv', 'grade,T (℃),YS (MPa),YS err\nGH4169,650,1035,12\nGH4169,,1035,\n');
    const strict = write('strict.yaml', T101);
    const lenient = write(
      'lenient.yaml',
      T101.replace('{val: YS, err: YS err}', '{val: YS, err: YS err, errOptional: true}').replace(
        '  试验温度: T\n',
        '  试验温度: {column: T, default: 20}\n',
      ),
    );
    // Row 3: no temperature (its title keeps "GH4169 at ℃") and no error (sent as {val} alone).
    const [a, b] = await Promise.all([validate(strict, csv, '--json'), validate(lenient, csv, '--json')]);
    expect(a.code).toBe(1);
    expect(JSON.parse(a.stdout)).toMatchObject({
      records: 2,
      valid: 1,
      invalid: 1,
      invalidByCode: { RANGE_SHAPE: 1, REQUIRED_MISSING: 1 },
    });
    expect(a.stderr).toContain(`warning MAPPING_ROW_KEY: ${strict}:3:6`);
    const table = await validate(strict, csv);
    expect(table.stdout).toMatch(/ys\.csv\s+D3\s+YS err\s+content\.屈服强度\s+RANGE_SHAPE/);
    expect(table.stdout).toMatch(/ys\.csv\s+B3\s+T \(℃\)\s+content\.试验温度\s+REQUIRED_MISSING/);
    expect([b.code, JSON.parse(b.stdout)]).toEqual([0, expect.objectContaining({ records: 2, valid: 2 })]);
  });

  test('records over several rows read without groupBy: both hints, by code', async () => {
    const mapping = write('nogroup.yaml', rows.replace(/^groupBy: .*\n/m, ''));
    const run = await validate(mapping, 'samples/steel_composition_rows.xlsx', '--json');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`warning MAPPING_FROM_ROWS_NO_GROUP_BY: ${mapping}:${lineOf(rows, 'fromRows:') - 1}:5`);
    expect(run.stderr).toContain('warning MAPPING_LOOKS_GROUPED: samples/steel_composition_rows.xlsx:');
    expect(run.stderr).toContain('groupBy: [样品 / 编号]');
  });
});
