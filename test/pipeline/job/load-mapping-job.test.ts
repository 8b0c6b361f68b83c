import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MappingInvalidError } from '../../../src/mapping/mapping-errors.js';
import { loadMappingJob } from '../../../src/pipeline/job/load-mapping-job.js';
import { tempDirSync } from '../../helpers/temp-dir.js';

const root = new URL('../../../', import.meta.url).pathname;
const templateFile = join(root, 'samples', 'templates.json');
const dir = tempDirSync('load-job-inputs-');
const original = readFileSync(join(root, 'mappings', 'steel_strength.yaml'), 'utf8');
const lineOf = (needle: string): number => original.split('\n').findIndex((l) => l.includes(needle)) + 1;

async function problemsOf(mapping: string, inputs: string[]): Promise<Array<[string, number]>> {
  const file = join(dir, `m${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, mapping);
  const error = await loadMappingJob({ mappingFile: file, templateFile, inputs, cwd: root }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MappingInvalidError);
  return (error as MappingInvalidError).problems.map((p) => [p.code, p.line]);
}

describe('loadMappingJob: every mapping problem in one round', () => {
  test('an unknown field (template-level) and a missing column (header-level) are reported together, in line order', async () => {
    const mapping = original
      .replace('  屈服强度: yield strength', '  屈服强渡: yield strength')
      .replace('  延伸率: elongation', '  延伸率: elongaton');
    expect(await problemsOf(mapping, ['samples/steel_strength.csv'])).toEqual([
      ['MAPPING_REQUIRED_UNMAPPED', lineOf('content:') + 1],
      ['MAPPING_UNKNOWN_FIELD', lineOf('屈服强度: yield')],
      ['MAPPING_COLUMN_NOT_FOUND', lineOf('延伸率: elongation')],
    ]);
  });

  test('with two inputs, the column problem of each file is listed once per file', async () => {
    const second = join(dir, 'second.csv');
    writeFileSync(second, readFileSync(join(root, 'samples', 'steel_strength.csv'), 'utf8').replace('elongation', 'elong'));
    const mapping = original
      .replace('  屈服强度: yield strength', '  屈服强渡: yield strength')
      .replace('key: [formula]', 'key: [formulae]');
    const found = await problemsOf(mapping, ['samples/steel_strength.csv', second]);
    expect(found.filter(([code]) => code === 'MAPPING_COLUMN_NOT_FOUND')).toEqual([
      ['MAPPING_COLUMN_NOT_FOUND', lineOf('key: [formula]')],
      ['MAPPING_COLUMN_NOT_FOUND', lineOf('key: [formula]')],
      ['MAPPING_COLUMN_NOT_FOUND', lineOf('延伸率: elongation')],
    ]);
    expect(found.map(([code]) => code)).toContain('MAPPING_UNKNOWN_FIELD');
  });

  test("an input that cannot be read leaves the mapping's own problems to be reported", async () => {
    const mapping = original.replace('  屈服强度: yield strength', '  屈服强渡: yield strength');
    expect((await problemsOf(mapping, ['samples/nope.csv'])).map(([code]) => code)).toEqual([
      'MAPPING_REQUIRED_UNMAPPED',
      'MAPPING_UNKNOWN_FIELD',
    ]);
  });
});

describe('key: $row', () => {
  test("warns MAPPING_ROW_KEY through the one warnings channel, at the key's line", async () => {
    const file = join(dir, 'row-key.yaml');
    writeFileSync(file, original.replace('key: [formula]', 'key: $row'));
    const warnings: unknown[] = [];
    const { inputs } = await loadMappingJob({
      mappingFile: file,
      templateFile,
      onWarning: (w) => warnings.push(w),
      inputs: ['samples/steel_strength.csv'],
      cwd: root,
    });
    expect(inputs).toHaveLength(1);
    expect(warnings).toEqual([expect.objectContaining({ code: 'MAPPING_ROW_KEY', file, line: lineOf('key: [formula]'), col: 6 })]);
  });
});
