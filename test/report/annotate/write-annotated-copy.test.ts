import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeAnnotatedCopy, WARNING_FILL } from '../../../src/report/annotate/write-annotated-copy.js';
import { loadExcelJs } from '../../../src/sources/load-exceljs.js';
import type { RowProblem } from '../../../src/template/record-types.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

const problem = (file: string, row: number, column: string, found: string): RowProblem => ({
  code: 'VALUE_NOT_A_NUMBER',
  message: 'the cell is not a number',
  location: { file, sheet: undefined, row, column, cell: `${column}${row}`, header: 'ys' },
  field: 'content.屈服强度',
  expected: 'a number in MPa',
  found,
});

describe('writeAnnotatedCopy of a CSV file (streamed)', () => {
  test("Problems first with links, each problem cell filled with its note, a status column; the file's own cells exact", async () => {
    const dir = await makeTempDir('mge-annotate-');
    const input = path.join(dir, 'data.csv');
    await writeFile(input, 'id,name,ys\n1,=1+1,500\n2,b,n/a\n3,c,=cmd|x\n');
    const out = path.join(dir, 'checked.xlsx');
    const problems = [problem(input, 3, 'C', 'n/a'), problem(input, 4, 'C', '=cmd|x')];
    await writeAnnotatedCopy(
      {
        file: input,
        problems,
        statuses: [
          { sheet: undefined, row: 3, text: 'invalid: 1 problem(s)' },
          { sheet: undefined, row: 4, text: 'invalid: 1 problem(s)' },
        ],
        summary: [['records', 3]],
      },
      out,
    );

    const book = new (loadExcelJs().Workbook)();
    await book.xlsx.readFile(out);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Problems', 'data.csv']);
    const sheet = book.getWorksheet('data.csv')!;
    const textOf = (v: unknown): unknown =>
      typeof v === 'object' && v !== null && 'richText' in v
        ? (v as { richText: { text: string }[] }).richText.map((t) => t.text).join('')
        : v;
    expect(textOf(sheet.getCell('B2').value)).toBe('=1+1');
    expect(sheet.getCell('B2').formula).toBeUndefined();
    const marked: string[] = [];
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        const fill = cell.fill as { fgColor?: { argb?: string } } | undefined;
        if (fill?.fgColor?.argb === WARNING_FILL) marked.push(cell.address);
      }),
    );
    expect(marked).toEqual(['C3', 'C4']);
    const note = sheet.getCell('C3').note;
    expect(typeof note === 'string' ? note : note?.texts?.map((t) => t.text).join('')).toContain('expected: a number in MPa');
    expect(textOf(sheet.getCell('D1').value)).toBe('mge-ingest status');
    expect(textOf(sheet.getCell('D3').value)).toBe('invalid: 1 problem(s)');
    expect(sheet.getCell('D2').value).toBeNull();

    const listed = book.getWorksheet('Problems')!;
    const links: unknown[] = [];
    const found: unknown[] = [];
    listed.eachRow((row) => {
      const a = row.getCell(1).value as { hyperlink?: string } | null;
      if (a !== null && typeof a === 'object' && a.hyperlink !== undefined) {
        links.push(a.hyperlink);
        found.push(textOf(row.getCell(5).value));
      }
    });
    expect(links).toEqual(["#'data.csv'!C3", "#'data.csv'!C4"]);
    // A text cell is never a formula: the found value is the text itself, no apostrophe before it.
    expect(found).toEqual(['n/a', '=cmd|x']);
  });

  test('a file it cannot copy (.json) is ANNOTATE_INPUT', async () => {
    const dir = await makeTempDir('mge-annotate-');
    const input = path.join(dir, 'data.json');
    await writeFile(input, '{}');
    await expect(
      writeAnnotatedCopy({ file: input, problems: [], statuses: [], summary: [] }, path.join(dir, 'out.xlsx')),
    ).rejects.toMatchObject({ code: 'ANNOTATE_INPUT' });
  });
});

describe('writeAnnotatedCopy of a workbook too large to copy whole', () => {
  test('each sheet streamed, values only: the problem cell filled with its note, the status column, the summary says so', async () => {
    const dir = await makeTempDir('mge-annotate-');
    const input = path.resolve('samples/steel_composition_rows.xlsx');
    const out = path.join(dir, 'checked.xlsx');
    const p = { ...problem(input, 3, 'D', 'x'), location: { file: input, sheet: '钢材', row: 3, column: 'D', cell: 'D3', header: '含量' } };
    await writeAnnotatedCopy(
      { file: input, problems: [p], statuses: [{ sheet: '钢材', row: 3, text: 'invalid: 1 problem(s)' }], summary: [] },
      out,
      { streamAbove: 0 },
    );
    const book = new (loadExcelJs().Workbook)();
    await book.xlsx.readFile(out);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Problems', '钢材']);
    const sheet = book.getWorksheet('钢材')!;
    expect(sheet.rowCount).toBe(261);
    expect((sheet.getCell('D3').fill as { fgColor?: { argb?: string } }).fgColor?.argb).toBe(WARNING_FILL);
    expect(sheet.getCell('D3').value).toBe(0.02);
    expect(JSON.stringify(sheet.getCell('F3').value)).toContain('invalid: 1 problem(s)');
    let summary = '';
    book.getWorksheet('Problems')!.eachRow((row) => (summary += JSON.stringify(row.values)));
    expect(summary).toContain('values only');
  });
});
