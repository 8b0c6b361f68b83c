import { MgeError } from '../../src/errors/mge-error.js';
import { finishRun } from '../../src/pipeline/finish-run.js';
import { RunStoppedError } from '../../src/pipeline/run-stopped-error.js';
import { zeroCounts } from '../../src/report/report-lines.js';
import type { UploadSummary } from '../../src/upload/upload-types.js';
import { memoryReport } from '../upload/upload-fixtures.js';

function summary(uploaded: number, invalid: number, extra: Partial<UploadSummary> = {}): UploadSummary {
  return {
    counts: { ...zeroCounts(), uploaded, invalid },
    rows: uploaded + invalid,
    durationMs: 5,
    notUploaded: invalid,
    toCheck: { invalid, failed: 0, uncertain: 0, changed: 0 },
    interrupted: false,
    stoppedBy: undefined,
    ...extra,
  };
}

const badCell = (): MgeError =>
  new MgeError('source', 'SOURCE_CSV_SYNTAX', 'a quote is not closed', {
    location: { file: 'data.csv', row: 7, column: 'C' },
    hint: 'Close the quote.',
  });

async function thrown(run: Promise<unknown>): Promise<unknown> {
  return run.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('finishRun: the summary line, and what a run amounts to', () => {
  test('a run that ended by itself: the summary line with the counts, and the summary back', async () => {
    const report = memoryReport();
    const done = summary(3, 1);
    expect(await finishRun(report, done, undefined)).toBe(done);
    expect(report.lines).toEqual([
      { type: 'summary', at: expect.any(String), counts: done.counts, rows: 4, durationMs: 5, interrupted: false },
    ]);
  });

  test('a run stopped early by a row limit: recorded as stoppedBy, not as an error', async () => {
    const report = memoryReport();
    const stop = { code: 'MAX_ERRORS_REACHED', limit: 2 } as const;
    await finishRun(report, summary(1, 2, { stoppedBy: stop }), undefined);
    expect(report.lines[0]).toMatchObject({ type: 'summary', stoppedBy: stop });
    expect(report.lines[0]).not.toHaveProperty('fatal');
  });

  test('an input error after a row was uploaded: a fatal RunStoppedError of the same code and place, with the counts typed; the line says what and where', async () => {
    const report = memoryReport();
    const error = await thrown(finishRun(report, summary(1, 1), { type: 'input', error: badCell() }));
    expect(error).toBeInstanceOf(RunStoppedError);
    const stopped = error as RunStoppedError;
    expect(stopped).toMatchObject({
      kind: 'fatal',
      code: 'SOURCE_CSV_SYNTAX',
      location: { file: 'data.csv', row: 7, column: 'C' },
      hint: 'Close the quote.',
    });
    expect(stopped.message).toContain('after 1 record(s) were uploaded');
    expect(stopped.summary).toMatchObject({ rows: 2, counts: { uploaded: 1, invalid: 1 } });
    expect(report.lines).toEqual([
      expect.objectContaining({
        type: 'summary',
        interrupted: false,
        fatal: 'SOURCE_CSV_SYNTAX',
        error: { code: 'SOURCE_CSV_SYNTAX', message: 'a quote is not closed', location: { file: 'data.csv', row: 7, column: 'C' } },
      }),
    ]);
  });

  test('an input error before anything may be stored: thrown as it is (exit 2: nothing was uploaded), still recorded in the line', async () => {
    const report = memoryReport();
    const original = badCell();
    expect(await thrown(finishRun(report, summary(0, 1), { type: 'input', error: original }))).toBe(original);
    expect(report.lines[0]).toMatchObject({ type: 'summary', fatal: 'SOURCE_CSV_SYNTAX', error: { location: { row: 7 } } });
  });

  test('a fatal stop: a RunStoppedError carrying the summary; no line when the report itself is what failed', async () => {
    const token = new MgeError('fatal', 'TOKEN_REJECTED', 'the token was rejected');
    const report = memoryReport();
    const error = await thrown(finishRun(report, summary(2, 0), { type: 'fatal', error: token }));
    expect(error).toMatchObject({ name: 'RunStoppedError', kind: 'fatal', code: 'TOKEN_REJECTED', cause: token, summary: { rows: 2 } });
    expect(report.lines[0]).toMatchObject({ type: 'summary', fatal: 'TOKEN_REJECTED' });

    const broken = memoryReport();
    const lost = new MgeError('fatal', 'REPORT_LOCK_LOST', 'another run took the report over');
    expect(await thrown(finishRun(broken, summary(2, 0), { type: 'fatal', error: lost }))).toMatchObject({
      code: 'REPORT_LOCK_LOST',
      summary: { rows: 2 },
    });
    expect(broken.lines).toEqual([]);
  });
});
