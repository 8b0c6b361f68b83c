import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runBuiltCli } from '../cli/run-built-cli.js';
import { runExcelJs } from '../helpers/run-exceljs.js';
import { MAPPING, sampleLines, tempDir } from './ingest-harness.js';

/** What a spreadsheet shows of a sheet's layout, and each cell's kind and value. */
interface LaidOut {
  readonly views: readonly { state?: string; ySplit?: number }[];
  readonly autoFilter: unknown;
  readonly widths: readonly (number | undefined)[];
  /** `A1` → bold or not, for non-empty cells. */
  readonly bold: Readonly<Record<string, boolean>>;
  /** `A1` → [exceljs value type name, value]; rich text is `String`, its value its text. */
  readonly cells: Readonly<Record<string, readonly [string, unknown]>>;
}

const READ = `
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(process.argv[1]);
  // Text written inline reads back as rich text of one run: text either way.
  const types = Object.fromEntries(Object.entries(ExcelJS.ValueType).map(([k, v]) => [v, k === 'RichText' ? 'String' : k]));
  const out = {};
  for (const s of book.worksheets) {
    const cells = {};
    const bold = {};
    s.eachRow((row) => row.eachCell((c) => {
      const v = c.value;
      cells[c.address] = [types[c.type], v && typeof v === 'object' && Array.isArray(v.richText) ? v.richText.map((t) => t.text).join('') : v];
      bold[c.address] = c.font?.bold === true;
    }));
    const widths = [];
    for (let i = 1; i <= s.columnCount; i++) widths.push(s.getColumn(i).width);
    out[s.name] = { views: s.views, autoFilter: s.autoFilter ?? null, widths, bold, cells };
  }
  console.log(JSON.stringify(out));`;

function readBook(file: string): Record<string, LaidOut> {
  return runExcelJs<Record<string, LaidOut>>(READ, file);
}

/** Every column fitted (at least 10, at most 60 characters), the header bold and frozen, a filter from the header down. */
function expectLaidOut(sheet: LaidOut | undefined, headerRow: number, filter: string, headerCells: readonly string[]): void {
  expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: headerRow });
  expect(sheet?.autoFilter).toBe(filter);
  expect(sheet?.widths.length).toBeGreaterThan(0);
  for (const w of sheet?.widths ?? []) {
    expect(w).toBeGreaterThanOrEqual(10);
    expect(w).toBeLessThanOrEqual(60);
  }
  for (const ref of headerCells) expect(sheet?.bold[ref]).toBe(true);
}

describe('the annotated copy and the fix workbook read as a curator expects (built CLI)', () => {
  test('validate --annotate of a CSV: numbers the mapping reads are number cells, text is text with no apostrophe, laid out', async () => {
    const dir = await tempDir();
    const { header, rows } = await sampleLines();
    // Row 3's yield strength is a formula a curator pasted, row 5's a long remark: both not numbers.
    const cut = (line: string, value: string): string =>
      line
        .replace(/\r$/, '')
        .split(',')
        .map((c, j) => (j === 15 ? value : c))
        .join(',');
    const long = 'x'.repeat(300);
    const lines = [
      header.replace(/\r$/, ''),
      ...rows
        .slice(0, 6)
        .map((l, i) => (i === 1 ? cut(l, '=1+1') : i === 3 ? cut(l, long) : cut(l, l.replace(/\r$/, '').split(',')[15] ?? ''))),
    ];
    const input = path.join(dir, 'steel.csv');
    await writeFile(input, `${lines.join('\n')}\n`);
    const out = path.join(dir, 'checked.xlsx');
    const fix = path.join(dir, 'fix.xlsx');
    const result = await runBuiltCli(['validate', '--sandbox', '--mapping', MAPPING, input, '--annotate', out, '--errors', fix, '--quiet']);
    expect(result.code).toBe(1);

    const book = readBook(out);
    const data = book['steel.csv']!;
    // Row 2 (the sample's first data row): the unnamed index and the formula are text, every mapped number a number.
    expect(data.cells['A2']).toEqual(['String', '0']);
    expect(data.cells['B2']?.[0]).toBe('String');
    expect(data.cells['C2']).toEqual(['Number', 0.02]);
    expect(data.cells['P2']).toEqual(['Number', 2411.5]);
    expect(data.cells['R2']).toEqual(['Number', 7]);
    // The pasted formula is the curator's text, kept as text: no formula, no apostrophe.
    expect(data.cells['P3']).toEqual(['String', '=1+1']);
    expect(data.cells['P5']).toEqual(['String', long]);
    const headerRefs = 'ABCDEFGHIJKLMNOPQRS'
      .split('')
      .map((c) => `${c}1`)
      .filter((ref) => data.cells[ref] !== undefined);
    expectLaidOut(data, 1, 'A1:S7', headerRefs);
    expect(data.widths[15]).toBe(60);

    const problems = book['Problems']!;
    const found = Object.entries(problems.cells).filter(([, [, v]]) => v === '=1+1' || v === "'=1+1");
    expect(found.map(([, cell]) => cell)).toEqual([['String', '=1+1']]);
    // The table's header is on row 10 (Summary, six summary lines, problems, a blank row): frozen with what is above, filtered.
    expect(problems.cells['A10']).toEqual(['String', 'cell']);
    expectLaidOut(problems, 10, 'A10:F12', ['A1', 'A10', 'B10', 'C10', 'D10', 'E10', 'F10']);

    const fixBook = readBook(fix);
    const [fixSheet] = Object.values(fixBook);
    expectLaidOut(fixSheet, 1, 'A1:Y3', ['A1', 'B1', 'R1', 'S1', 'Y1']);
    expect(Object.values(fixSheet?.cells ?? {}).some(([, v]) => v === '=1+1')).toBe(true);
  });
});
