import { copyFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tempDir } from './ingest-harness.js';
import { runBuiltCli } from '../cli/run-built-cli.js';

const root = path.resolve('.');
const FOREIGN = path.join(root, 'test', 'fixtures', 'sources', 'foreign');
const TEMPLATES = path.join(root, 'samples', 'templates.json');

/** A mapping onto template 202 reading `key` and `value` into text fields, the rest constants. */
function mapping(key: string): string {
  return [
    'version: 1',
    'template: 202',
    'templatePubDate: "2024-06-01 10:00:00"',
    `key: [${key}]`,
    'meta:',
    `  title: "{${key}} read by format"`,
    '  abstract: "A cell under a number format."',
    '  keywords: [formats]',
    '  source:',
    '    source: "01"',
    '    methods: [experiment]',
    '    reference: "format fixture"',
    '  public_date: 0',
    '  public_range: 0',
    'content:',
    `  成分: ${key}`,
    '  结晶性: {const: 多晶}',
    '  合成方法: value',
    '  电阻率: 1',
    '  塞贝克系数: 1',
    '',
  ].join('\n');
}

async function preview(fixture: string, key: string, extra: string[] = []): Promise<{ code: number | null; stdout: string }> {
  const dir = await tempDir();
  await copyFile(path.join(FOREIGN, fixture), path.join(dir, fixture));
  await writeFile(path.join(dir, 'm.yaml'), mapping(key));
  return runBuiltCli(
    ['preview', '--template-file', TEMPLATES, '--no-template-cache', '--mapping', 'm.yaml', fixture, '--rows', '10', ...extra],
    {
      cwd: dir,
    },
  );
}

/** The lines of the section on cells typed by their number format. */
function typedLines(stdout: string): string[] {
  const lines = stdout.split('\n');
  const start = lines.indexOf('cells typed by their number format (what the cell holds → what is read)');
  expect(start).toBeGreaterThan(0);
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end);
}

describe('preview: cells typed by their number format', () => {
  test('number-formats.xlsx: a percent, a duration and a negative date say what they held; escaped units stay numbers', async () => {
    const run = await preview('number-formats.xlsx', 'case');
    expect(run.code).toBe(1); // the negative date's record is invalid
    expect(typedLines(run.stdout)).toEqual([
      '  [number-formats.xlsx]formats!B6: 0.075 under "0.0%" → 0.075 (shown as 7.5%)',
      '  [number-formats.xlsx]formats!B7: 1.510416666666667 under "[h]:mm:ss" → text "36:15:00"',
      '  [number-formats.xlsx]formats!B8: -1 under "yyyy-mm-dd" → no value: SOURCE_BAD_DATE (the spreadsheet shows ####)',
    ]);
    // `0.0\ \m\m` and the other escaped units are numbers, read as such.
    expect(run.stdout).toMatch(/^ {4}合成方法: "1\.5" +← \[number-formats\.xlsx\]formats!B2$/m);
  });

  test.each(['dates-1904.xlsx', 'dates-1904.xls'])(
    '%s: serials of the 1904 system become their dates, three a column, then a count',
    async (fixture) => {
      const run = await preview(fixture, 'kind');
      expect(run.code).toBe(1); // dates before 1904 are negative serials there: SOURCE_BAD_DATE
      const at = `[${fixture}]dates!`;
      const lines = typedLines(run.stdout);
      expect(lines).toEqual([
        `  ${at}B2: -1446 under "yyyy\\-mm\\-dd" → no value: SOURCE_BAD_DATE (the spreadsheet shows ####)`,
        `  ${at}B3: -1402 under "yyyy\\-mm\\-dd" → no value: SOURCE_BAD_DATE (the spreadsheet shows ####)`,
        `  ${at}B4: -1401 under "yyyy\\-mm\\-dd" → no value: SOURCE_BAD_DATE (the spreadsheet shows ####)`,
        `  ${at}B5: 1 under "yyyy\\-mm\\-dd" → date 1904-01-02`,
        `  ${at}B6: 43904 under "yyyy\\-mm\\-dd" → date 2024-03-15`,
        expect.stringMatching(/^ {2}\S+B7: 43904\.57291666\d* under "yyyy\\-mm\\-dd\\ hh:mm:ss" → date 2024-03-15T13:45:00$/) as string,
        '  … and 1 more date cell(s) in column B ("value")',
      ]);
    },
  );

  test('--json: the same cells, by column and kind, as valid JSON', async () => {
    const run = await preview('number-formats.xlsx', 'case', ['--json']);
    const shown = JSON.parse(run.stdout) as { typedCells: unknown[] };
    expect(shown.typedCells).toEqual([
      {
        kind: 'percent',
        file: 'number-formats.xlsx',
        sheet: 'formats',
        column: 'B',
        header: 'value',
        cells: [{ at: '[number-formats.xlsx]formats!B6', raw: 0.075, format: '0.0%', value: 0.075, shownPercent: 7.5 }],
        more: 0,
      },
      expect.objectContaining({ kind: 'duration', cells: [expect.objectContaining({ value: '36:15:00', format: '[h]:mm:ss' })] }),
      expect.objectContaining({ kind: 'date', cells: [expect.objectContaining({ raw: -1, value: null, issue: 'SOURCE_BAD_DATE' })] }),
    ]);
  });

  test('a CSV has no such section', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'a.csv'), 'case,value\nx,2024-03-15\n');
    await writeFile(path.join(dir, 'm.yaml'), mapping('case'));
    const run = await runBuiltCli(['preview', '--template-file', TEMPLATES, '--no-template-cache', '--mapping', 'm.yaml', 'a.csv'], {
      cwd: dir,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('cells typed by their number format');
  });
});
