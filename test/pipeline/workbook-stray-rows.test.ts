import path from 'node:path';
import { exitCodeForReport } from '../../src/cli/exit-codes.js';
import { DEFAULT_SETTINGS } from '../../src/config/settings.js';
import { createPlatformClient } from '../../src/platform/platform-client.js';
import { runIngest } from '../../src/pipeline/run-ingest.js';
import { uploadStageOptions } from '../../src/pipeline/stage-options.js';
import { loadReportState } from '../../src/report/load-report-state.js';
import { summarizeReport } from '../../src/report/summarize-report.js';
import { withSandbox } from '../helpers/with-sandbox.js';
import { loadPlatformJob } from '../../src/pipeline/job/load-platform-job.js';
import { mapInputs } from '../../src/pipeline/stages/map-inputs.js';
import { runPreview } from '../../src/pipeline/run-preview.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import type { RowProblem } from '../../src/template/record-types.js';
import { runBuiltCli } from '../cli/run-built-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { platformWorkbookSheets, writeZipWorkbook, type ZipCell } from '../helpers/platform-workbook-zip.js';

const template = { templateFile: path.resolve('samples/templates.json') };
const meta = { source: '10', methods: 'experiment' };

/** Template 101's workbook of R1–R3, every record valid, with `extra` rows after the composition sheet's own (its rows 8 on). */
async function workbookWith(extra: readonly (readonly ZipCell[])[]): Promise<string> {
  const file = path.join(await makeTempDir('mge-stray-'), 'book.xlsx');
  writeZipWorkbook(file, platformWorkbookSheets({ records: 3, extraComposition: extra }));
  return file;
}

function validate(file: string, maxErrors?: number): ReturnType<typeof runValidate> {
  return runValidate(
    {
      mappingFile: undefined,
      workbook: { tid: undefined, meta },
      inputs: [file],
      cwd: process.cwd(),
      methodsWidth: 3,
      maxErrors,
      errorsFile: undefined,
      htmlFile: undefined,
      version: 'test',
    },
    { template },
  );
}

const at = (p: RowProblem): unknown => [p.code, p.location.sheet, p.location.row, p.location.column, p.location.header, p.found];

describe('a table row whose 数据ID is on no root row (issue #31, item 11)', () => {
  test('validate --json (built CLI): exactly one problem, at the row’s own 数据ID cell; the records are those of sheet 1; exit 1', async () => {
    const file = await workbookWith([['R9', 'Ni', 52.8, 'ICP-AES']]);
    const result = await runBuiltCli([
      'validate',
      file,
      '--template-file',
      'samples/templates.json',
      '--no-template-cache',
      '--source',
      '10',
      '--methods',
      'experiment',
      '--json',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const out = JSON.parse(result.stdout) as Record<string, unknown> & { problems: Record<string, unknown>[] };
    expect(out.problems).toHaveLength(1);
    expect(out.problems[0]).toMatchObject({ code: 'WORKBOOK_UNKNOWN_ID', sheet: '3', row: 8, cell: 'A8', header: '数据ID', found: 'R9' });
    expect(out.problems[0]!['file']).toContain('book.xlsx');
    expect(out.problems[0]!['at']).toContain('3!A8');
    expect(out).toMatchObject({ records: 3, valid: 3, invalid: 0, stray: 1, problemCount: 1, problemsByCode: { WORKBOOK_UNKNOWN_ID: 1 } });
    expect(out['invalidByCode']).toEqual({});
  }, 60_000);

  test('the same through runValidate: no record added, none made invalid, whatever the row holds', async () => {
    const clean = await validate(await workbookWith([]));
    // A composition row of no record, its content no number: still one problem, since it is never mapped.
    const stray = await validate(await workbookWith([['R9', 'Ni', 'abc', 'ICP-AES']]));
    expect(clean.summary).toMatchObject({ records: 3, valid: 3, invalid: 0, stray: 0, rows: 15 });
    expect(stray.summary).toMatchObject({ records: 3, valid: 3, invalid: 0, stray: 1, rows: 16, invalidByCode: {} });
    expect(stray.firstProblems.map(at)).toEqual([['WORKBOOK_UNKNOWN_ID', '3', 8, 'A', '数据ID', 'R9']]);
  }, 60_000);

  test('two rows of one unknown id are one problem at the first; a row with values but no 数据ID is one problem at its own cell', async () => {
    const result = await validate(
      await workbookWith([
        ['R9', 'Ni', 52.8, 'ICP-AES'],
        [null, 'Cr', 19.1, 'ICP-AES'],
        ['R9', 'Cr', 19.1, 'ICP-AES'],
      ]),
    );
    expect(result.summary).toMatchObject({ records: 3, valid: 3, invalid: 0, stray: 3 });
    expect(result.firstProblems.map(at)).toEqual([
      ['WORKBOOK_UNKNOWN_ID', '3', 8, 'A', '数据ID', 'R9'],
      ['WORKBOOK_NO_ID', '3', 9, 'A', '数据ID', ''],
    ]);
  }, 60_000);

  test('the mapped rows: the stray row is marked, has no record and no body; preview shows only the records', async () => {
    const file = await workbookWith([['R9', 'Ni', 52.8, 'ICP-AES']]);
    const { inputs } = await loadPlatformJob({ ...template, file, meta });
    const rows = [];
    for await (const row of mapInputs(inputs)) rows.push(row);
    expect(rows.map((r) => [r.key, r.stray === true, r.record === undefined, r.problems.length])).toEqual([
      ['["R1"]', false, false, 0],
      ['["R2"]', false, false, 0],
      ['["R3"]', false, false, 0],
      ['["R9 (3!A8)"]', true, true, 1],
    ]);
    expect(rows[3]!.body).toBeUndefined();
    const preview = await runPreview(
      { mappingFile: undefined, workbook: { tid: undefined, meta }, inputs: [file], cwd: process.cwd(), methodsWidth: 3, rows: 10 },
      { template },
    );
    expect(preview.records.map((r) => r.key)).toEqual(['["R1"]', '["R2"]', '["R3"]']);
    expect(preview.more).toBe(false);
  }, 60_000);

  test('--max-errors counts invalid records only: a row of no record does not stop the run', async () => {
    const result = await validate(await workbookWith([['R9', 'Ni', 52.8, 'ICP-AES']]), 1);
    expect(result.summary).toMatchObject({ records: 3, invalid: 0, stray: 1, stoppedBy: undefined });
  }, 60_000);

  test('ingest sends nothing for it and files it under no key; the summary line holds it, and report counts it until a run reads none', async () => {
    const file = await workbookWith([['R9', 'Ni', 52.8, 'ICP-AES']]);
    const reportFile = path.join(path.dirname(file), 'report.jsonl');
    await withSandbox({ inMemory: true }, async (sandbox) => {
      const client = createPlatformClient({ baseUrl: sandbox.url, token: sandbox.token });
      const ingest = (): ReturnType<typeof runIngest> =>
        runIngest(
          {
            mappingFile: undefined,
            workbook: { tid: undefined, meta },
            inputs: [file],
            reportFile,
            methodsWidth: 3,
            username: 'tester',
            stages: uploadStageOptions({ ...DEFAULT_SETTINGS, concurrency: 2, rate: 0, maxRetries: 2, timeoutMs: 10_000 }),
            maxErrors: undefined,
            runSettings: {},
            version: 'test',
          },
          { template: { client }, submit: (record, opts) => client.submitRecord(record, opts) },
        );
      const first = await ingest();
      expect(first.summary.counts).toMatchObject({ uploaded: 3, invalid: 0, failed: 0 });
      expect(first.stray?.rows).toBe(1);
      expect(first.stray?.problems.map(at)).toEqual([['WORKBOOK_UNKNOWN_ID', '3', 8, 'A', '数据ID', 'R9']]);
      expect(sandbox.records()).toHaveLength(3);
      const before = summarizeReport((await loadReportState(reportFile, { whole: true })).state);
      expect(before.keys).toBe(3);
      expect(before.counts).toMatchObject({ uploaded: 3, invalid: 0 });
      expect(before).toMatchObject({ outstanding: 1, stray: { rows: 1 } });
      expect(exitCodeForReport(before)).toBe(1);

      // The curator removes the row: the next run reads none, and nothing is outstanding.
      writeZipWorkbook(file, platformWorkbookSheets({ records: 3 }));
      const second = await ingest();
      expect(second.stray).toBeUndefined();
      expect(second.summary.counts).toMatchObject({ uploaded: 0, skipped: 3 });
      const after = summarizeReport((await loadReportState(reportFile, { whole: true })).state);
      expect(after.stray).toBeUndefined();
      expect(after.outstanding).toBe(0);
      expect(exitCodeForReport(after)).toBe(0);
    });
  }, 60_000);
});
