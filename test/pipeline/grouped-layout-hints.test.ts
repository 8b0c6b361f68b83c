import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PipelineWarning } from '../../src/pipeline/pipeline-warning.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { tempDirSync } from '../helpers/temp-dir.js';

const root = new URL('../../', import.meta.url).pathname;
const templateFile = join(root, 'samples', 'templates.json');
const dir = tempDirSync('grouped-hints-');
const original = readFileSync(join(root, 'mappings', 'steel_composition_rows.yaml'), 'utf8');
const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

async function validate(mapping: string): Promise<{ warnings: PipelineWarning[]; valid: number; invalid: number }> {
  const file = join(dir, `m${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, mapping);
  const warnings: PipelineWarning[] = [];
  const result = await runValidate(
    {
      mappingFile: file,
      inputs: ['samples/steel_composition_rows.xlsx'],
      cwd: root,
      methodsWidth: 3,
      maxErrors: undefined,
      errorsFile: undefined,
      htmlFile: undefined,
      version: 'test',
    },
    { template: { templateFile }, onWarning: (w) => warnings.push(w) },
  );
  return { warnings, valid: result.summary.valid, invalid: result.summary.invalid };
}

describe('records over several rows read without groupBy', () => {
  test('fromRows without groupBy warns at the fromRows line; the grouped layout is named with the groupBy to write', async () => {
    const mapping = original.replace(/^groupBy: .*\n/m, '');
    const run = await validate(mapping);
    expect([run.valid, run.invalid]).toEqual([24, 235]);
    expect(run.warnings.map((w) => w.code)).toEqual(['MAPPING_FROM_ROWS_NO_GROUP_BY', 'MAPPING_LOOKS_GROUPED']);
    expect(run.warnings[0]).toMatchObject({ line: lineOf(mapping, 'fromRows:'), col: 5 });
    expect(run.warnings[1]).toMatchObject({
      file: 'samples/steel_composition_rows.xlsx',
      groupBy: ['样品 / 编号'],
      varying: expect.arrayContaining(['化学成分 / 元素']),
    });
  });

  test('a grouped layout mapped without fromRows and without groupBy still gets the layout hint', async () => {
    const mapping = original
      .replace(/^groupBy: .*\n/m, '')
      .replace(
        / {2}化学成分:\n {4}fromRows:\n.*\n.*\n/m,
        '  化学成分: {fromColumns: {columns: {C: 化学成分 / 含量}, label: 元素, value: 含量}}\n',
      );
    const run = await validate(mapping);
    expect(run.invalid).toBeGreaterThan(0);
    expect(run.warnings.map((w) => w.code)).toEqual(['MAPPING_LOOKS_GROUPED']);
  });

  test('with groupBy there is no hint', async () => {
    const run = await validate(original);
    expect(run).toEqual({ warnings: [], valid: 24, invalid: 0 });
  });
});
