import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createReadProgress } from '../../src/pipeline/create-read-progress.js';
import { checkMappingFile } from '../../src/pipeline/job/check-mapping-file.js';
import { prepareInputs } from '../../src/pipeline/job/prepare-inputs.js';
import { mapInputs } from '../../src/pipeline/stages/map-inputs.js';
import type { TableSource } from '../../src/sources/source-types.js';
import { tempDirSync } from '../helpers/temp-dir.js';

const root = new URL('../../', import.meta.url).pathname;
const dir = tempDirSync('read-progress-');

/** A table that is only a position (the tracker reads nothing else). */
function at(position: { f: number }): TableSource {
  return {
    header: { file: 'f', sheet: undefined, row: 1, names: [], columns: [] },
    rows: () => [] as unknown as AsyncIterable<never>,
    close: async () => undefined,
    readFraction: () => position.f,
  };
}

describe('createReadProgress', () => {
  test('weighs each input by its size: finished inputs whole, the open one by its reader', () => {
    const progress = createReadProgress([300, 100]);
    const position = { f: 0 };
    expect(progress.fraction()).toBe(0);
    progress.opened(0, at(position));
    position.f = 0.5;
    expect(progress.fraction()).toBeCloseTo(0.375);
    progress.finished(0);
    expect(progress.fraction()).toBeCloseTo(0.75);
    progress.opened(1, at({ f: 0.5 }));
    expect(progress.fraction()).toBeCloseTo(0.875);
    progress.finished(1);
    expect(progress.fraction()).toBe(1);
  });

  test('never goes back, even when a reader does; empty inputs count one share each', () => {
    const progress = createReadProgress([0, 0]);
    const position = { f: 0.8 };
    progress.opened(0, at(position));
    expect(progress.fraction()).toBeCloseTo(0.4);
    position.f = 0.2;
    expect(progress.fraction()).toBeCloseTo(0.4);
    progress.record();
    progress.record();
    expect(progress.records()).toBe(2);
  });
});

describe('mapInputs feeds the read progress', () => {
  test("two files: grows record by record, passes the first file's share at the second, ends at 1", async () => {
    const job = await checkMappingFile({
      mappingFile: 'mappings/steel_strength.yaml',
      cwd: root,
      templateFile: join(root, 'samples', 'templates.json'),
    });
    const copy = join(dir, 'copy.csv');
    writeFileSync(copy, readFileSync(join(root, 'samples', 'steel_strength.csv')));
    const inputs = await prepareInputs({ inputs: ['samples/steel_strength.csv', copy], mapping: job.prepared, cwd: root });
    expect(inputs.map((i) => i.bytes)).toEqual([readFileSync(copy).length, readFileSync(copy).length]);
    const progress = createReadProgress(inputs.map((i) => i.bytes));
    const seen: { file: string; f: number }[] = [];
    for await (const row of mapInputs(inputs, { progress })) seen.push({ file: row.location.file, f: progress.fraction() });
    expect(seen).toHaveLength(624);
    expect(seen.filter((s, i) => i > 0 && s.f < seen[i - 1]!.f)).toEqual([]);
    expect(seen.find((s) => s.file === copy)!.f).toBeGreaterThan(0.5);
    expect(seen[0]!.f).toBeLessThanOrEqual(0.5);
    expect(progress.fraction()).toBe(1);
    expect(progress.records()).toBe(624);
  });
});
