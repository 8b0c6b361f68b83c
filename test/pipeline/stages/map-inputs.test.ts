import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMgeError } from '../../../src/errors/mge-error.js';
import { MappingInvalidError } from '../../../src/mapping/mapping-errors.js';
import { checkMappingFile } from '../../../src/pipeline/job/check-mapping-file.js';
import type { LoadedJob } from '../../../src/pipeline/job/job.js';
import { prepareInputs } from '../../../src/pipeline/job/prepare-inputs.js';
import { mapInputs } from '../../../src/pipeline/stages/map-inputs.js';
import { tempDirSync } from '../../helpers/temp-dir.js';
import { collect } from '../../helpers/iterables.js';

const root = new URL('../../../', import.meta.url).pathname;
const templateFile = join(root, 'samples', 'templates.json');
const dir = tempDirSync('map-inputs-');

async function job(mapping: string): Promise<LoadedJob> {
  return checkMappingFile({ mappingFile: mapping, cwd: root, templateFile });
}

describe('prepareInputs and mapInputs read the samples with the real readers', () => {
  test.each([
    ['steel_strength', 'csv', 312, 312],
    ['ucsb_thermoelectrics', 'csv', 1093, 1093],
    ['steel_composition_rows', 'xlsx', 24, 259],
  ])('%s.%s: every record valid', async (name, ext, records, rows) => {
    const { prepared } = await job(`mappings/${name}.yaml`);
    const inputs = await prepareInputs({ inputs: [`samples/${name}.${ext}`], mapping: prepared, cwd: root });
    expect(inputs.map((i) => i.file)).toEqual([`samples/${name}.${ext}`]);
    const mapped = await collect(mapInputs(inputs));
    expect(mapped).toHaveLength(records);
    expect(mapped.reduce((n, r) => n + r.rowNumbers.length, 0)).toBe(rows);
    expect(
      mapped
        .filter((r) => r.problems.length > 0)
        .slice(0, 3)
        .map((r) => r.problems),
    ).toEqual([]);
  });

  test('the xlsx sample gets its two-row header from the mapping, with the grouped composition table', async () => {
    const { prepared } = await job('mappings/steel_composition_rows.yaml');
    const [input] = await prepareInputs({ inputs: ['samples/steel_composition_rows.xlsx'], mapping: prepared, cwd: root });
    expect(input!.header.names[3]).toBe('化学成分 / 含量 (wt.%)');
    const [first] = await collect(mapInputs([input!]));
    expect(first!.key).toBe('["S001"]');
    expect(first!.record!.content['强度区间']).toEqual({ lb: 2411.5, ub: 2473.5 });
  });

  test('several files are one run, one file after the other', async () => {
    const { prepared } = await job('mappings/steel_strength.yaml');
    const copy = join(dir, 'copy.csv');
    writeFileSync(copy, readFileSync(join(root, 'samples', 'steel_strength.csv')));
    const inputs = await prepareInputs({ inputs: ['samples/steel_strength.csv', copy], mapping: prepared, cwd: root });
    const files = new Set<string>();
    const mapped = await collect(mapInputs(inputs, { onFile: (i) => files.add(i.file) }));
    expect(mapped).toHaveLength(624);
    expect([...files]).toEqual(['samples/steel_strength.csv', copy]);
    expect(mapped[312]!.location.file).toBe(copy);
  });

  test('stopping early closes the file; an aborted signal stops at the next row', async () => {
    const { prepared } = await job('mappings/ucsb_thermoelectrics.yaml');
    const inputs = await prepareInputs({ inputs: ['samples/ucsb_thermoelectrics.csv'], mapping: prepared, cwd: root });
    let n = 0;
    for await (const _row of mapInputs(inputs)) if (++n === 5) break;
    expect(n).toBe(5);
    const controller = new AbortController();
    let seen = 0;
    for await (const _row of mapInputs(inputs, { signal: controller.signal })) {
      if (++seen === 3) controller.abort();
    }
    expect(seen).toBe(3);
  });

  test('missing columns of every file are reported at once, each naming its file', async () => {
    const { prepared } = await job('mappings/steel_strength.yaml');
    const a = join(dir, 'no-elongation.csv');
    const b = join(dir, 'no-formula.csv');
    const text = readFileSync(join(root, 'samples', 'steel_strength.csv'), 'utf8');
    writeFileSync(a, text.replace(/,elongation\r?\n/, ',elong\n'));
    writeFileSync(b, text.replace(',formula,', ',formel,'));
    const error = await prepareInputs({ inputs: [a, b], mapping: prepared }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MappingInvalidError);
    const { problems } = error as MappingInvalidError;
    expect(problems.every((p) => p.code === 'MAPPING_COLUMN_NOT_FOUND')).toBe(true);
    expect(problems.some((p) => p.message.includes(a) && p.suggestions?.includes('elong'))).toBe(true);
    const formula = problems.filter((p) => p.message.includes(b) && p.suggestions?.includes('formel'));
    expect(formula.length).toBeGreaterThan(0);
    expect(formula[0]!.line).toBeGreaterThan(0);
  });

  test('a missing input is a source error', async () => {
    const { prepared } = await job('mappings/steel_strength.yaml');
    const error = await prepareInputs({ inputs: ['samples/nope.csv'], mapping: prepared, cwd: root }).catch((e: unknown) => e);
    expect(isMgeError(error, 'source') && error.code).toBe('SOURCE_NOT_FOUND');
  });
});
