/**
 * Start-up time of the built CLI: `--help`, `--version`, a shell-completion request (what each Tab
 * runs) and `validate` of a 10-row CSV (offline, `--template-file`), each the median wall time of
 * several fresh processes, against bare `node -e 0` measured in the same run and interleaved with
 * them, so a busy machine slows both alike. Targets (issue 30): the first three ≤ 2× bare node,
 * `validate` of 10 rows ≤ 0.5 s. `MGE_BENCH_STARTUP_RUNS` sets the runs per figure (default 15).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export async function run(ctx) {
  const { root, dataDir, log } = ctx;
  const runs = ctx.repeat(Math.max(1, Number(process.env.MGE_BENCH_STARTUP_RUNS ?? 15)));
  const cli = path.join(root, 'dist', 'cli', 'main.js');
  const csv = path.join(dataDir, 'startup-10-rows.csv');
  const lines = readFileSync(path.join(root, 'samples', 'steel_strength.csv'), 'utf8').split(/\r?\n/);
  writeFileSync(csv, lines.slice(0, 11).join('\n') + '\n');
  const env = { PATH: process.env.PATH ?? '', HOME: dataDir, SHELL: '/bin/bash' };
  const cases = [
    { name: 'node -e 0', args: ['-e', '0'] },
    { name: '--help', args: [cli, '--help'] },
    { name: '--version', args: [cli, '--version'] },
    { name: 'completion (validate --)', args: [cli, '--get-yargs-completions', 'mge-ingest', 'validate', '--'] },
    {
      name: 'validate 10-row csv',
      args: [
        cli,
        'validate',
        '--template-file',
        path.join(root, 'samples', 'templates.json'),
        '--no-template-cache',
        '--mapping',
        path.join(root, 'mappings', 'steel_strength.yaml'),
        csv,
        '--quiet',
      ],
      codes: [0, 1],
    },
  ];
  const times = new Map(cases.map((c) => [c.name, []]));
  // Interleaved: one run of each case per round, so load that comes and goes falls on all of them.
  for (let round = 0; round < runs; round++) {
    for (const c of cases) {
      const started = process.hrtime.bigint();
      const done = spawnSync(process.execPath, c.args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (!(c.codes ?? [0]).includes(done.status ?? -1))
        throw new Error(`${c.name} exited with ${done.status}: ${done.stderr.toString().slice(0, 500)}`);
      times.get(c.name).push(ms);
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const bare = median(times.get('node -e 0'));
  log(`bare node -e 0: ${bare.toFixed(0)} ms (median of ${runs})`);
  return cases.map((c) => {
    const ms = median(times.get(c.name));
    const isValidate = c.name.startsWith('validate');
    log(`${c.name}: ${ms.toFixed(0)} ms, ${(ms / bare).toFixed(2)}× bare node${isValidate ? ' (target ≤ 500 ms)' : ' (target ≤ 2×)'}`);
    return { name: `startup ${c.name}`, value: ms, unit: 'ms', baseline: bare, ratio: ms / bare };
  });
}
