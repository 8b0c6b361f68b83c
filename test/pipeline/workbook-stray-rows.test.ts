import path from 'node:path';
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

function validate(file: string): ReturnType<typeof runValidate> {
  return runValidate(
    {
      mappingFile: undefined,
      workbook: { tid: undefined, meta },
      inputs: [file],
      cwd: process.cwd(),
      methodsWidth: 3,
      maxErrors: undefined,
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
});
