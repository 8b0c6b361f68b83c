import { dryRunRows } from '../../src/pipeline/dry-run-rows.js';
import { foldReport } from '../../src/report/fold-report.js';
import { memoryReport, row, stream } from '../upload/upload-fixtures.js';

const resume = { onChange: 'report', retryFailed: false, retryUncertain: false } as const;

describe('dryRunRows', () => {
  test('invalid rows as invalid, valid rows as skipped with the plan; the fold ignores the dry-run lines', async () => {
    const report = memoryReport();
    const summary = await dryRunRows(stream([row('a'), row('b', { invalid: true })]), { report }, resume);
    expect(summary.counts).toMatchObject({ skipped: 1, invalid: 1 });
    expect(summary.plans).toEqual({ upload: 1 });
    expect(summary.notUploaded).toBe(1);
    expect(report.lines.map((l) => l.type)).toEqual(['skipped', 'invalid', 'summary']);
    const state = foldReport(report.lines);
    expect([...state.keys.keys()]).toEqual(['b']);
  });

  test('plans against the ledger and stops at maxInvalid', async () => {
    const previous = foldReport([{ type: 'uploaded', at: '', key: 'a', hash: 'h-a', location: { file: 'f', row: 2 }, id: 7, attempts: 1, ms: 1 }]);
    const summary = await dryRunRows(stream([row('a'), row('x', { invalid: true }), row('c')]), { report: memoryReport(), previous }, { ...resume, maxInvalid: 1 });
    expect(summary.plans).toEqual({ 'skip-uploaded': 1 });
    expect(summary.stoppedEarly).toBe(true);
    expect(summary.rows).toBe(2);
  });
});
