import { dryRunRows } from '../../src/pipeline/dry-run-rows.js';
import { limitErrors } from '../../src/pipeline/stages/limit-errors.js';
import { foldReport } from '../../src/report/fold-report.js';
import { memoryReport, row } from '../upload/upload-fixtures.js';
import { fromArray } from '../helpers/iterables.js';

const resume = { onChange: 'report', retryFailed: false, retryUncertain: false } as const;

describe('dryRunRows', () => {
  test('invalid rows as invalid, valid rows as skipped with the plan; the fold ignores the dry-run lines', async () => {
    const report = memoryReport();
    const summary = await dryRunRows(fromArray([row('a'), row('b', { invalid: true })]), { report }, resume);
    expect(summary.counts).toMatchObject({ skipped: 1, invalid: 1 });
    expect(summary.plans).toEqual({ upload: 1 });
    expect(summary.notUploaded).toBe(1);
    // The summary line is the pipeline's (finishRun).
    expect(report.lines.map((l) => l.type)).toEqual(['skipped', 'invalid']);
    const state = foldReport(report.lines);
    expect([...state.keys.keys()]).toEqual(['b']);
  });

  test("plans against the ledger; --max-errors is the rows' own stage, as in a real run", async () => {
    const previous = foldReport([
      { type: 'uploaded', at: '', key: 'a', hash: 'h-a', location: { file: 'f', row: 2 }, id: 7, attempts: 1, ms: 1 },
    ]);
    const limit = limitErrors(fromArray([row('a'), row('x', { invalid: true }), row('c')]), 1);
    const summary = await dryRunRows(limit.rows, { report: memoryReport(), previous }, resume);
    expect(summary.plans).toEqual({ 'skip-uploaded': 1 });
    expect([summary.rows, limit.stopped()]).toEqual([2, { code: 'MAX_ERRORS_REACHED', limit: 1 }]);
  });
});
