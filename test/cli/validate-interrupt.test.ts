import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { SAMPLE, startCli, tempDir } from '../e2e/ingest-harness.js';

/** Resolves once `file` holds more than `bytes` bytes (polled; the run goes on meanwhile). */
async function grown(file: string, bytes: number): Promise<void> {
  for (;;) {
    const size = await stat(file).then(
      (s) => s.size,
      () => 0,
    );
    if (size > bytes) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('validate on SIGINT (built CLI)', () => {
  test('stops reading, closes the --errors file whole, prints the summary of what was read, exits 130', async () => {
    const dir = await tempDir();
    const [header = '', ...rows] = (await readFile(SAMPLE, 'utf8')).trimEnd().split('\n');
    // Every row invalid (a yield strength that is not a number), long enough to be stopped midway.
    const broken = rows.map((line) => line.replace(/,([\d.]+),([\d.]+),([\d.]+)(\r?)$/, ',n/a,$2,$3$4'));
    const input = path.join(dir, 'big.csv');
    // Each copy's formulas (the key) made unique: a stop that comes late, on a loaded machine, must
    // still find only the invalid strengths, not duplicate keys of an earlier copy.
    const copies = Array.from({ length: 200 }, (_v, copy) => broken.map((line) => line.replace(/^([^,]*),([^,]*),/, `$1,$2-${copy},`)));
    await writeFile(input, `${[header, ...copies.flat()].join('\n')}\n`);
    const errors = path.join(dir, 'errors.csv');
    const args = [
      'validate',
      '--template-file',
      'samples/templates.json',
      '--no-template-cache',
      '--mapping',
      'mappings/steel_strength.yaml',
      input,
      '--errors',
      errors,
      '--json',
    ];
    const run = startCli(args, {});
    await grown(errors, 4096);
    run.child.kill('SIGINT');
    const result = await run.done;
    expect(result.code).toBe(130);
    const summary = JSON.parse(result.stdout) as { interrupted: boolean; invalid: number; records: number };
    expect(summary.interrupted).toBe(true);
    expect(summary.records).toBeLessThan(200 * rows.length);
    const records = parse<Record<string, string>>(await readFile(errors), { bom: true, columns: true });
    expect(records.length).toBe(summary.invalid);
    expect(records.every((r) => r['_codes'] === 'VALUE_NOT_A_NUMBER')).toBe(true);
  }, 60_000);
});
