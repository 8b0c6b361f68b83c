import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runBuiltCli } from '../cli/run-built-cli.js';
import { createCliPool } from './cli-runner-pool.js';
import { tempDirSync } from './temp-dir.js';

const pool = createCliPool(2);
afterAll(() => pool.close());

/**
 * A folder with the steel sample's mapping and templates, a CSV whose second row has no number where one
 * belongs, and one whose quote is never closed (its error names the file as the reader opened it).
 */
function caseFolder(): string {
  const dir = tempDirSync('mge-pool-');
  copyFileSync('mappings/steel_strength.yaml', path.join(dir, 'mapping.yaml'));
  copyFileSync('samples/templates.json', path.join(dir, 'templates.json'));
  const lines = readFileSync('samples/steel_strength.csv', 'utf8').split('\n').slice(0, 4);
  lines[2] = (lines[2] ?? '').replace(/,\d+(\.\d+)?,/, ',n/a,');
  writeFileSync(path.join(dir, 'bad.csv'), `${lines.join('\n')}\n`);
  writeFileSync(path.join(dir, 'open.csv'), `${lines[0] ?? ''}\n1,"never closed\n`);
  return dir;
}

const VALIDATE = ['validate', '--template-file', 'templates.json', '--no-template-cache', '--mapping', 'mapping.yaml'];

test('a pooled run prints and exits as node dist/cli/main.js does, in its folder with its environment', async () => {
  const dir = caseFolder();
  // MGE_JSON turns the summary into JSON: the run's environment is the one it was given.
  const runs: [string[], Record<string, string>][] = [
    [[...VALIDATE, 'bad.csv'], {}],
    [[...VALIDATE, 'bad.csv'], { MGE_JSON: 'true' }],
    [[...VALIDATE, 'missing.csv'], {}],
    [[...VALIDATE, 'open.csv'], {}],
    [['templates', 'show', '0x10'], {}],
    [['--version'], {}],
  ];
  for (const [args, env] of runs) {
    const [pooled, spawned] = await Promise.all([pool.run(args, { cwd: dir, env }), runBuiltCli(args, { cwd: dir, env })]);
    expect({ args, code: pooled.code, stdout: pooled.stdout, stderr: pooled.stderr }).toEqual({ args, ...spawned });
    expect(pooled.killed).toBe(false);
    expect(pooled.peakRssMb).toBeGreaterThan(10);
  }
  // The rows' cells were read, named as given: the comparison is not of two refusals alike.
  expect((await pool.run([...VALIDATE, 'bad.csv'], { cwd: dir })).stdout).toMatch(/^bad\.csv\s+\S+\s.*VALUE_NOT_A_NUMBER/m);
});

test('a run past its time is killed, and the pool goes on with a new runner', async () => {
  const dir = caseFolder();
  const slow = await pool.run([...VALIDATE, 'bad.csv'], { cwd: dir, killAfterMs: 1 });
  expect({ killed: slow.killed, code: slow.code, peak: slow.peakRssMb }).toEqual({ killed: true, code: null, peak: Number.NaN });
  const next = await pool.run([...VALIDATE, 'bad.csv', '--json'], { cwd: dir });
  expect({ killed: next.killed, code: next.code }).toEqual({ killed: false, code: 1 });
  expect(JSON.parse(next.stdout)).toMatchObject({ records: 3, invalid: 1 });
});
