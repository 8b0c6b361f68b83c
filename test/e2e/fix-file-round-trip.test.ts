import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-options.js';
import { loadExcelJs } from '../../src/sources/load-exceljs.js';
import { runBuiltCli } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { envFor, MAPPING, SAMPLE, tempDir } from './ingest-harness.js';

const HYPERLINK = '=HYPERLINK("http://example.invalid","n/a")';

/** The sample's first 12 rows with three yield strengths a curator got wrong, one of them a formula. */
async function typos(dir: string, name: string): Promise<string> {
  const [header = '', ...rows] = (await readFile(SAMPLE, 'utf8')).trimEnd().split('\n');
  const bad = (line: string, value: string): string => line.replace(/,([\d.]+),([\d.]+),([\d.]+)(\r?)$/, `,${value},$2,$3$4`);
  const broken = rows
    .slice(0, 12)
    .map((line, i) => (i === 3 || i === 8 ? bad(line, 'n/a') : i === 5 ? bad(line, `"${HYPERLINK.replaceAll('"', '""')}"`) : line));
  const file = path.join(dir, name);
  await writeFile(file, [header, ...broken, ''].join('\n'));
  return file;
}

interface Cell {
  readonly type: number;
  readonly formula?: string;
  readonly value: unknown;
}
interface Sheet {
  eachRow(
    visit: (row: {
      number: number;
      eachCell(visit: (cell: Cell, column: number) => void): void;
      getCell(column: number): { value: unknown };
    }) => void,
  ): void;
  getRow(n: number): { getCell(column: number): { value: unknown } };
}

/** Opens a workbook with exceljs, checks that no cell is a formula, and gives its one sheet. */
async function openChecked(
  file: string,
): Promise<{ book: { xlsx: { writeFile(file: string): Promise<void> } }; sheet: Sheet; header: string[] }> {
  const ExcelJs = loadExcelJs();
  const book = new ExcelJs.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0] as unknown as Sheet;
  let formulas = 0;
  const header: string[] = [];
  sheet.eachRow((row) =>
    row.eachCell((cell, column) => {
      if (Number(cell.type) === Number(ExcelJs.ValueType.Formula) || cell.formula !== undefined) formulas += 1;
      if (row.number === 1)
        header[column - 1] = String((cell.value as { richText?: { text: string }[] }).richText?.map((r) => r.text).join('') ?? cell.value);
    }),
  );
  expect(formulas).toBe(0);
  return { book: book, sheet, header };
}

describe('rows to fix as .xlsx and .csv, fed back with the same mapping (CLI, sandbox)', () => {
  let sandbox: Sandbox;
  beforeAll(async () => (sandbox = await startSandbox({ port: 0 })));
  afterAll(() => sandbox.close());

  test('report --failed-out fix.xlsx: no formulas, the formula a curator typed kept as text; fixed and fed to validate and ingest, it resumes by key', async () => {
    const dir = await tempDir();
    const input = await typos(dir, 'typos.csv');
    const report = path.join(dir, 'typos.report.jsonl');
    const env = envFor(sandbox, dir);
    const ingest = (file: string): Promise<{ code: number | null; stdout: string }> =>
      runCliInTurn(['ingest', '--mapping', MAPPING, '--report', report, file, '--rate', '1000', '--json'], { env });
    expect((await ingest(input)).code).toBe(1);
    expect(sandbox.records()).toHaveLength(9);

    const fix = path.join(dir, 'fix.xlsx');
    // Through the built CLI (exit code as a shell sees it); the other runs in this process.
    expect((await runBuiltCli(['report', report, '--failed-out', fix])).code).toBe(1);
    const { book, sheet, header } = await openChecked(fix);
    const yieldColumn = header.indexOf('yield strength') + 1;
    expect(header.slice(-7)).toEqual(['_status', '_file', '_sheet', '_row', '_cells', '_codes', '_errors']);
    const found = [2, 3, 4].map((n) => sheet.getRow(n).getCell(yieldColumn).value as { richText: { text: string }[] });
    expect(found.map((v) => v.richText.map((r) => r.text).join(''))).toEqual(['n/a', HYPERLINK, 'n/a']);

    // As it is, the file validates with the same mapping: the same three rows, invalid the same way.
    const again = await runCliInTurn(['validate', '--mapping', MAPPING, fix, '--json'], { env });
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout)).toMatchObject({ records: 3, invalid: 3, invalidByCode: { VALUE_NOT_A_NUMBER: 3 } });

    for (const n of [2, 3, 4]) sheet.getRow(n).getCell(yieldColumn).value = 1234.5;
    await book.xlsx.writeFile(fix);
    const refed = await ingest(fix);
    expect(refed.code).toBe(0);
    expect(JSON.parse(refed.stdout)).toMatchObject({ counts: { uploaded: 3 } });
    expect((await runCliInTurn(['report', report])).code).toBe(0);
    expect(sandbox.records()).toHaveLength(12);
  }, 60_000);

  test("validate --errors as .csv and .xlsx: the CSV's _ columns cannot start a formula, its input cells are exact; the xlsx validates the same", async () => {
    const dir = await tempDir();
    // A file name that would start a formula in the _file column.
    await typos(dir, '=typos.csv');
    const env = envFor(sandbox, dir);
    for (const errors of ['errors.csv', 'errors.xlsx']) {
      // The built CLI, run in the folder: the input is named relatively in the file, as a curator names it.
      const result = await runBuiltCli(['validate', '--mapping', MAPPING, '=typos.csv', '--errors', errors], { env, cwd: dir });
      expect(result.code).toBe(1);
    }
    const records = parse<Record<string, string>>(await readFile(path.join(dir, 'errors.csv')), { bom: true, columns: true });
    expect(records.map((r) => [r['yield strength'], r['_file'], r['_codes']])).toEqual([
      ['n/a', "'=typos.csv", 'VALUE_NOT_A_NUMBER'],
      [HYPERLINK, "'=typos.csv", 'VALUE_NOT_A_NUMBER'],
      ['n/a', "'=typos.csv", 'VALUE_NOT_A_NUMBER'],
    ]);
    await openChecked(path.join(dir, 'errors.xlsx'));
    for (const fed of ['errors.csv', 'errors.xlsx']) {
      const result = await runCliInTurn(['validate', '--mapping', MAPPING, fed, '--json'], { env, cwd: dir });
      expect([result.code, JSON.parse(result.stdout)]).toEqual([1, expect.objectContaining({ records: 3, invalid: 3 })]);
    }
  }, 60_000);
});
