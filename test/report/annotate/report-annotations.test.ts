import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { reportAnnotations, sameInput } from '../../../src/report/annotate/report-annotations.js';
import type { KeyState, ReportState } from '../../../src/report/fold-report.js';

/** A folded key with what the annotations read; the rest as a fresh key has it. */
function key(name: string, file: string, row: number, fields: Partial<KeyState>): KeyState {
  return {
    key: name,
    status: 'uploaded',
    hash: 'h',
    attempts: 1,
    uploaded: undefined,
    uncertainHash: undefined,
    uncertainSince: undefined,
    failure: undefined,
    reason: undefined,
    line: 1,
    src: undefined,
    location: { file, row },
    problems: undefined,
    sourceValues: undefined,
    openIntent: undefined,
    ...fields,
  };
}

function stateOf(keys: readonly KeyState[]): ReportState {
  return { keys: new Map(keys.map((k) => [k.key, k])) } as unknown as ReportState;
}

describe('reportAnnotations', () => {
  const problem = (row: number) => ({
    code: 'VALUE_NOT_A_NUMBER',
    message: 'not a number',
    location: { file: 'in.csv', sheet: undefined, row, column: 'C', cell: `C${row}` },
    field: 'content.x',
    expected: 'a number',
    found: 'n/a',
  });
  const state = stateOf([
    key('a', 'in.csv', 4, { status: 'uploaded', uploaded: { id: 17, hash: 'h' } }),
    key('b', 'in.csv', 2, { status: 'invalid', problems: [problem(2), problem(2)] }),
    key('c', './in.csv', 3, { status: 'failed', failure: { code: 'PLATFORM_ERROR', retryable: false, status: 500 } }),
    key('d', 'other.csv', 5, { status: 'uploaded', uploaded: { id: 18, hash: 'h' } }),
    key('e', 'in.csv', 6, { status: 'duplicate' }),
  ]);

  test("the input's rows each with its latest status, its problems kept up to the limit and all counted", () => {
    const found = reportAnnotations(state, sameInput(process.cwd(), 'in.csv'), 2);
    expect(found.problemCount).toBe(3);
    expect(found.problems.map((p) => [p.code, p.location.row])).toEqual([
      ['VALUE_NOT_A_NUMBER', 2],
      ['VALUE_NOT_A_NUMBER', 2],
    ]);
    expect(found.statuses.sheets).toEqual([undefined]);
    expect([...found.statuses.entries(undefined)]).toEqual([
      [2, 'invalid: 2 problem(s)'],
      [3, 'failed: PLATFORM_ERROR (HTTP 500)'],
      [4, 'uploaded: id 17'],
    ]);
    expect([5, 6].map((row) => found.statuses.at(undefined, row))).toEqual([undefined, undefined]);
  });

  test('a failed row is a problem on its row', () => {
    const found = reportAnnotations(state, sameInput(process.cwd(), 'in.csv'));
    expect(found.problems.map((p) => [p.code, p.location.cell, p.found])).toEqual([
      ['VALUE_NOT_A_NUMBER', 'C2', 'n/a'],
      ['VALUE_NOT_A_NUMBER', 'C2', 'n/a'],
      ['PLATFORM_ERROR', 'A3', 'PLATFORM_ERROR (HTTP 500)'],
    ]);
  });

  test('holds a few bytes a row for the statuses, not a text: 200,000 uploaded rows', () => {
    // In a process of its own, the built module, every collection full: the heap and the buffers the
    // annotations keep over the folded keys, per row.
    const dist = pathToFileURL(path.resolve('dist/report/annotate/report-annotations.js')).href;
    const script = `
      const { reportAnnotations } = await import(${JSON.stringify(dist)});
      const keys = new Map();
      for (let i = 0; i < 200000; i++) {
        const key = 'Fe' + i;
        keys.set(key, { key, status: 'uploaded', uploaded: { id: 100000 + i, hash: 'h' }, location: { file: 'in.csv', row: i + 2 } });
      }
      const used = () => { gc(); gc(); const m = process.memoryUsage(); return m.heapUsed + m.arrayBuffers; };
      const before = used();
      const found = reportAnnotations({ keys }, (file) => file === 'in.csv');
      const bytes = used() - before;
      if (found.statuses.at(undefined, 200001) !== 'uploaded: id 299999') throw new Error('wrong status');
      console.log(bytes / keys.size);`;
    const run = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const perRow = Number(run.stdout.trim());
    // Measured: ~18 bytes (a row number and a reference). A list of texts held ~114 bytes a row, and
    // the copy a map of them besides: 137 MiB over a 10^6-row report, beside the fold's own.
    expect(perRow).toBeGreaterThan(0);
    expect(perRow).toBeLessThan(32);
  }, 60_000);
});
