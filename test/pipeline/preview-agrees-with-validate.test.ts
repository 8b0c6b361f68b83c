import { join } from 'node:path';
import { runPreview } from '../../src/pipeline/run-preview.js';
import { runValidate } from '../../src/pipeline/run-validate.js';

const root = new URL('../../', import.meta.url).pathname;
const samples = join(root, 'samples', 'templates.json');
const shared = join(root, 'test', 'fixtures', 'shared-datasets', 'templates.json');
const headerMatch = join(root, 'test', 'fixtures', 'header-match', 'templates.json');

/**
 * Each sample with its mapping, and slices of the shared datasets (test/fixtures/header-match, credited
 * in its README) with the mappings of test/fixtures/shared-datasets: value±error ranges read with
 * `errOptional`, invalid rows and keys used twice among them.
 */
const cases: readonly { readonly name: string; readonly mapping: string; readonly input: string; readonly templateFile: string }[] = [
  { name: 'steel_strength', mapping: 'mappings/steel_strength.yaml', input: 'samples/steel_strength.csv', templateFile: samples },
  {
    name: 'ucsb_thermoelectrics',
    mapping: 'mappings/ucsb_thermoelectrics.yaml',
    input: 'samples/ucsb_thermoelectrics.csv',
    templateFile: samples,
  },
  {
    name: 'steel_composition_rows (groupBy)',
    mapping: 'mappings/steel_composition_rows.yaml',
    input: 'samples/steel_composition_rows.xlsx',
    templateFile: samples,
  },
  {
    name: 'citrine_thermal_conductivity (errOptional)',
    mapping: 'test/fixtures/shared-datasets/citrine_thermal_conductivity.yaml',
    input: 'test/fixtures/header-match/citrine_thermal_conductivity.csv',
    templateFile: shared,
  },
  {
    name: 'heusler_magnetic (errOptional, keys used twice)',
    mapping: 'test/fixtures/shared-datasets/heusler_magnetic.yaml',
    input: 'test/fixtures/header-match/heusler_magnetic.csv',
    templateFile: shared,
  },
  {
    name: 'glass_ternary_landolt',
    mapping: 'test/fixtures/shared-datasets/glass_ternary_landolt.yaml',
    input: 'test/fixtures/header-match/glass_ternary_landolt.csv',
    templateFile: headerMatch,
  },
  {
    name: 'wolverton_oxides',
    mapping: 'test/fixtures/shared-datasets/wolverton_oxides.yaml',
    input: 'test/fixtures/header-match/wolverton_oxides.csv',
    templateFile: headerMatch,
  },
];

type Verdict = readonly [row: number, valid: boolean, codes: string];

async function validateVerdicts(c: (typeof cases)[number]): Promise<{ verdicts: boolean[]; problems: string[] }> {
  const verdicts: boolean[] = [];
  const result = await runValidate(
    {
      mappingFile: c.mapping,
      inputs: [c.input],
      cwd: root,
      methodsWidth: 3,
      maxErrors: undefined,
      errorsFile: undefined,
      htmlFile: undefined,
      keepProblems: Number.MAX_SAFE_INTEGER,
      version: 'test',
    },
    { template: { templateFile: c.templateFile }, onRecord: (valid) => verdicts.push(valid) },
  );
  expect(result.problemCount).toBe(result.firstProblems.length);
  return { verdicts, problems: result.firstProblems.map((p) => `${p.location.row} ${p.location.cell ?? ''} ${p.code}`) };
}

describe('preview judges every record as validate does (the samples and shared datasets with their mappings)', () => {
  test.each(cases)('$name', async (c) => {
    const preview = await runPreview(
      { mappingFile: c.mapping, inputs: [c.input], cwd: root, methodsWidth: 3, rows: 100_000 },
      { template: { templateFile: c.templateFile } },
    );
    const validate = await validateVerdicts(c);
    expect(preview.more).toBe(false);
    const shown: Verdict[] = preview.records.map((r) => [r.location.row, r.problems.length === 0, r.problems.map((p) => p.code).join(' ')]);
    expect(shown.map(([, valid]) => valid)).toEqual(validate.verdicts);
    expect(preview.records.flatMap((r) => r.problems.map((p) => `${p.location.row} ${p.location.cell ?? ''} ${p.code}`))).toEqual(
      validate.problems,
    );
    // Every case has both kinds, so the comparison says something.
    if (!c.name.startsWith('steel_') && !c.name.startsWith('ucsb')) expect(new Set(validate.verdicts)).toEqual(new Set([true, false]));
  });

  test('a value±error field with errOptional, read from a cell holding the value alone, is valid in both', async () => {
    const c = cases.find((x) => x.name.startsWith('citrine'))!;
    const preview = await runPreview(
      { mappingFile: c.mapping, inputs: [c.input], cwd: root, methodsWidth: 3, rows: 50 },
      { template: { templateFile: c.templateFile } },
    );
    expect(preview.more).toBe(true);
    expect(preview.records.flatMap((r) => r.problems.map((p) => p.code))).not.toContain('RANGE_SHAPE');
    const valid = preview.records.filter((r) => r.problems.length === 0);
    expect(valid.length).toBeGreaterThan(0);
    for (const r of valid) expect(Object.keys((r.record.content as Record<string, Record<string, unknown>>)['热导率']!)).toEqual(['val']);
  });
});
