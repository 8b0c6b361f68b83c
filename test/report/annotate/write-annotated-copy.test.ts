import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeAnnotatedCopy, WARNING_FILL } from '../../../src/report/annotate/write-annotated-copy.js';
import { listedRowStatuses } from '../../../src/report/annotate/index-row-statuses.js';
import { loadExcelJs } from '../../../src/sources/load-exceljs.js';
import type { RowProblem } from '../../../src/template/record-types.js';
import { makeTempDir } from '../../helpers/temp-dir.js';
import { runExcelJs } from '../../helpers/run-exceljs.js';

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
        statuses: listedRowStatuses([
          { sheet: undefined, row: 3, text: 'invalid: 1 problem(s)' },
          { sheet: undefined, row: 4, text: 'invalid: 1 problem(s)' },
        ]),
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
      writeAnnotatedCopy({ file: input, problems: [], statuses: listedRowStatuses([]), summary: [] }, path.join(dir, 'out.xlsx')),
    ).rejects.toMatchObject({ code: 'ANNOTATE_INPUT' });
  });
});

/** A cell's text, a rich text's runs joined. */
const textOf = (v: unknown): unknown =>
  typeof v === 'object' && v !== null && 'richText' in v ? (v as { richText: { text: string }[] }).richText.map((t) => t.text).join('') : v;

describe('writeAnnotatedCopy past the limit of problems it marks', () => {
  /** The copy read back: the cells with the warning fill and a note, the Problems sheet's summary and links. */
  async function readBack(
    out: string,
    sheetName: string,
  ): Promise<{ marked: string[]; noted: string[]; summary: Record<string, unknown>; links: string[] }> {
    const book = new (loadExcelJs().Workbook)();
    await book.xlsx.readFile(out);
    const marked: string[] = [];
    const noted: string[] = [];
    book.getWorksheet(sheetName)!.eachRow((row) =>
      row.eachCell((cell) => {
        if ((cell.fill as { fgColor?: { argb?: string } } | undefined)?.fgColor?.argb === WARNING_FILL) marked.push(cell.address);
        if (cell.note !== undefined) noted.push(cell.address);
      }),
    );
    const summary: Record<string, unknown> = {};
    const links: string[] = [];
    book.getWorksheet('Problems')!.eachRow((row) => {
      const a = row.getCell(1).value as { hyperlink?: string } | string | null;
      if (a !== null && typeof a === 'object' && a.hyperlink !== undefined) links.push(a.hyperlink);
      else if (a !== null) summary[String(textOf(a))] = textOf(row.getCell(2).value);
    });
    return { marked, noted, summary, links };
  }

  test('a CSV copy marks and lists the first problems up to the limit, counts them all, and says how many are not marked', async () => {
    const dir = await makeTempDir('mge-annotate-');
    const input = path.join(dir, 'data.csv');
    await writeFile(input, ['id,name,ys', ...Array.from({ length: 10 }, (_v, i) => `${i},n${i},bad${i}`), ''].join('\n'));
    const out = path.join(dir, 'checked.xlsx');
    // 4 problems kept by the caller of 10 found; the copy marks 3 of them.
    const kept = [2, 3, 4, 5].map((row) => problem(input, row, 'C', `bad${row - 2}`));
    await writeAnnotatedCopy(
      { file: input, problems: kept, problemCount: 10, statuses: listedRowStatuses([]), summary: [['records', 10]] },
      out,
      {
        limit: 3,
      },
    );
    const { marked, noted, summary, links } = await readBack(out, 'data.csv');
    expect(marked).toEqual(['C2', 'C3', 'C4']);
    expect(noted).toEqual(['C2', 'C3', 'C4']);
    expect(links).toEqual(["#'data.csv'!C2", "#'data.csv'!C3", "#'data.csv'!C4"]);
    expect(summary['problems']).toBe(10);
    expect(summary['marked']).toBe('the first 3: a copy marks and lists at most 3 problems; the other 7 are not marked here');
  });

  test('a workbook copied whole says the same', async () => {
    const dir = await makeTempDir('mge-annotate-');
    const input = path.join(dir, 'data.xlsx');
    // Made in a process of its own: rows made in jest's module realm reach exceljs' writer empty.
    runExcelJs(
      `const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('data');
      sheet.addRow(['id', 'ys']);
      for (let i = 0; i < 5; i++) sheet.addRow([i, 'n/a']);
      await book.xlsx.writeFile(process.argv[1]);`,
      input,
    );
    const out = path.join(dir, 'checked.xlsx');
    const problems = [2, 3, 4, 5, 6].map((row) => ({
      ...problem(input, row, 'B', 'n/a'),
      location: { file: input, sheet: 'data', row, column: 'B', cell: `B${row}` },
    }));
    await writeAnnotatedCopy({ file: input, problems, statuses: listedRowStatuses([]), summary: [] }, out, { limit: 2 });
    const { marked, summary, links } = await readBack(out, 'data');
    expect(marked).toEqual(['B2', 'B3']);
    expect(links).toEqual(["#'data'!B2", "#'data'!B3"]);
    expect(summary['problems']).toBe(5);
    expect(summary['marked']).toBe('the first 2: a copy marks and lists at most 2 problems; the other 3 are not marked here');
  });
});

describe('writeAnnotatedCopy of a workbook too large to copy whole', () => {
  test('each sheet streamed, values only: the problem cell filled with its note, the status column, the summary says so', async () => {
    const dir = await makeTempDir('mge-annotate-');
    const input = path.resolve('samples/steel_composition_rows.xlsx');
    const out = path.join(dir, 'checked.xlsx');
    const p = { ...problem(input, 3, 'D', 'x'), location: { file: input, sheet: '钢材', row: 3, column: 'D', cell: 'D3', header: '含量' } };
    await writeAnnotatedCopy(
      { file: input, problems: [p], statuses: listedRowStatuses([{ sheet: '钢材', row: 3, text: 'invalid: 1 problem(s)' }]), summary: [] },
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
