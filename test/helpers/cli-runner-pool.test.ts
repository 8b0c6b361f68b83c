import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runBuiltCli } from '../cli/run-built-cli.js';
import { createCliPool } from './cli-runner-pool.js';
import { showsStack } from './run-measured-cli.js';
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

/** A stand-in CLI folder whose `runCli` does what a run must not hide: print past `io`, throw where nothing catches, hang. */
function stubCli(): string {
  const dir = tempDirSync('mge-stub-cli-');
  writeFileSync(path.join(dir, 'start-answers.js'), 'export async function answerAtStart() { return undefined; }\n');
  writeFileSync(path.join(dir, 'tune-heap.js'), 'export function tuneHeap() {}\n');
  writeFileSync(
    path.join(dir, 'run-cli.js'),
    [
      'export async function runCli(argv, io) {',
      "  if (argv[0] === 'print') {",
      "    io.stdout.write('through io\\n');",
      "    console.log('through console');",
      "    process.emitWarning('a warning of node');",
      '    await new Promise((resolve) => setTimeout(resolve, 10));',
      '    io.stderr.write(`${io.env.WHO} in ${process.cwd()}\\n`);',
      '    return 3;',
      '  }',
      "  if (argv[0] === 'throw') setTimeout(() => { throw new Error('nothing caught this'); }, 0);",
      '  return new Promise(() => undefined);',
      '}',
      '',
    ].join('\n'),
  );
  return dir;
}

describe('a runner of a stand-in CLI', () => {
  const stub = createCliPool(1, { cliFolder: stubCli() });
  afterAll(() => stub.close());

  test("gives a run what the process printed, node's warnings too, in the run's folder and environment", async () => {
    const dir = tempDirSync('mge-stub-run-');
    const run = await stub.run(['print'], { cwd: dir, env: { WHO: 'the run' } });
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 3, stdout: 'through io\nthrough console\n' });
    expect(run.stderr).toMatch(/Warning: a warning of node/);
    expect(run.stderr).toContain(`the run in ${dir}\n`);
  });

  test('ends a run that threw where nothing caught it as the process would (exit 1, the stack), then runs the next', async () => {
    const thrown = await stub.run(['throw']);
    expect(thrown.code).toBe(1);
    expect(showsStack(thrown.stderr)).toBe(true);
    expect(thrown.stderr).toContain('Error: nothing caught this');
    expect((await stub.run(['print'], { env: { WHO: 'the next' } })).code).toBe(3);
  });

  test('kills a run that never ends, at its time', async () => {
    const hung = await stub.run(['hang'], { killAfterMs: 300 });
    expect({ killed: hung.killed, code: hung.code }).toEqual({ killed: true, code: null });
    expect(hung.ms).toBeGreaterThanOrEqual(300);
  });
});
