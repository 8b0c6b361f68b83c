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
 * The hostile-input corpus: one row per case (test/hostile/cases), each run through the built CLI in
 * a child process with the checks every case gets (see runHostileCase). Cases run a few at a time
 * (jest's maxConcurrency): each is a child process of its own with its own folder and platform.
 */
const CASES: readonly HostileCase[] = [
  ...CSV_CASES,
  ...WORKBOOK_CASES,
  ...MAPPING_CASES,
  ...SETTINGS_CASES,
  ...ANSWER_CASES,
  ...OUTPUT_CASES,
  ...REPORT_CASES,
  ...FORMULA_CASES,
  ...SECRET_CASES,
  ...PLATFORM_LAYOUT_CASES,
  ...ANNOTATION_CASES,
];

test('every case has a name of its own', () => {
  const names = CASES.map((c) => c.name);
  expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
});

test.concurrent.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, spec) => runHostileCase(spec), 120_000);
