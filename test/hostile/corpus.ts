import { createCliPool } from '../helpers/cli-runner-pool.js';
import { ANNOTATION_CASES } from './cases/annotations.js';
import { ANSWER_CASES } from './cases/answers.js';
import { CSV_CASES } from './cases/csv.js';
import { FORMULA_CASES } from './cases/formulas.js';
import { MAPPING_CASES } from './cases/mappings.js';
import { OUTPUT_CASES } from './cases/outputs.js';
import { PLATFORM_LAYOUT_CASES } from './cases/platform-layouts.js';
import { REPORT_CASES } from './cases/reports.js';
import { SECRET_CASES } from './cases/secrets.js';
import { SETTINGS_CASES } from './cases/settings.js';
import { WORKBOOK_CASES } from './cases/workbooks.js';
import type { HostileCase } from './hostile-case.js';
import { runHostileCase } from './run-hostile-case.js';

/**
 * The hostile-input corpus: one row per case (test/hostile/cases), each run through the built CLI with
 * the checks every case gets (see runHostileCase), in two suites of about equal time so that jest's
 * workers share it. Where a case's CLI runs:
 * - most run in a long-lived runner of the suite's pool (test/helpers/cli-runner-pool.ts): the built
 *   CLI loaded once, each run `runCli` as main.ts calls it, its peak memory the runner's VmHWM reset
 *   before it; about half a second of CPU less per run than starting node;
 * - a case with `during` (a FIFO's writer or reader, a look at `ps`), one that sets NODE_OPTIONS (a
 *   64 MiB heap) or says `process: 'own'` runs `node dist/cli/main.js` of its own: only a process
 *   has a command line, node's flags, signals and an exit.
 * A CLI run that makes a case's input or reads its output (`runFirst`, `report` of the echoes) runs
 * in the pool. Cases run a few at a time (jest's maxConcurrency), each with its own folder and platform.
 */
export const CORPUS = {
  /** The tables and mappings the CLI reads, and what it writes of them. */
  inputs: [...CSV_CASES, ...WORKBOOK_CASES, ...MAPPING_CASES, ...FORMULA_CASES, ...PLATFORM_LAYOUT_CASES, ...ANNOTATION_CASES],
  /** What surrounds them: the platform's answers, secrets, settings, reports and outputs. */
  surroundings: [...SETTINGS_CASES, ...ANSWER_CASES, ...OUTPUT_CASES, ...REPORT_CASES, ...SECRET_CASES],
} as const satisfies Record<string, readonly HostileCase[]>;

/**
 * Two runners a suite: the corpus' two suites run side by side on CI's two cores, and four CLI runs at
 * once there (as one suite of four spawned runs had) keep the cases' time bounds; eight missed them.
 */
const RUNNERS = 2;

/** Runs `cases` as this file's tests, with a pool of runners closed once they are done. */
export function runCorpus(cases: readonly HostileCase[]): void {
  const pool = createCliPool(RUNNERS);
  afterAll(() => pool.close());
  test.concurrent.each(cases.map((c) => [c.name, c] as const))('%s', (_name, spec) => runHostileCase(spec, pool), 120_000);
}
