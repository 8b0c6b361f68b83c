import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runBuiltCli } from '../cli/run-built-cli.js';
import { inspectWorkbook, type InspectedCell } from '../helpers/inspect-workbook.js';
import { runExcelJs } from '../helpers/run-exceljs.js';
import { tempDir } from './ingest-harness.js';

/** The warning fill of a problem cell (docs/platform-workbook.md → The annotated copy). */
const WARNING = 'FFFFC7CE';

const MAPPING = `version: 1
template: 201
templatePubDate: "2024-06-01 10:00:00"
input:
  sheet: Tensile
  headerRow: 2
key: [formula]
meta:
  title: "{formula} tensile"
  abstract: "Tensile tests of {formula}."
  keywords: [steel]
  source:
    source: "01"
    methods: [experiment]
    reference: "lab book 7"
content:
  化学式: formula
  化学成分:
    fromColumns:
      columns: {C: C, Mn: Mn}
      label: 元素
      value: 含量
  屈服强度: yield strength (MPa)
  抗拉强度: tensile strength (MPa)
  延伸率: elongation (%)
`;

/**
 * A curator's own workbook: a notes sheet first (a merged range), then the data under a merged,
 * filled title row; a formula (E3), a number format on the yield strengths, a fill of the curator's
 * own (B5). Two cells are wrong: D4 (`n/a`, formatted 0.00) and F5 (`abc`).
 */
const MAKE = `
  const book = new ExcelJS.Workbook();
  const notes = book.addWorksheet('Notes');
  notes.getCell('A1').value = 'Batch 7';
  notes.getCell('B2').value = 'Tested by the lab, March';
  notes.mergeCells('B2:D2');
  const s = book.addWorksheet('Tensile');
  s.getCell('A1').value = 'Tensile tests 2026';
  s.mergeCells('A1:G1');
  s.getCell('A1').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFF00' } };
  s.getRow(2).values = ['formula', 'C', 'Mn', 'yield strength (MPa)', 'tensile strength (MPa)', 'elongation (%)', 'remark'];
  s.getRow(3).values = ['Fe0.7C0.3', 0.3, 0.5, 500, null, 12, 'ok'];
  s.getCell('E3').value = { formula: 'D3*1.1', result: 550 };
  s.getRow(4).values = ['Fe0.8C0.2', 0.2, 0.4, 'n/a', 600, 10];
  s.getRow(5).values = ['Fe0.9C0.1', 0.1, 0.3, 450, 520, 'abc'];
  s.getRow(6).values = ['Fe0.6C0.4', 0.4, 0.6, 480, 530, 11];
  for (let r = 3; r <= 6; r++) s.getCell(r, 4).numFmt = '0.00';
  s.getCell('B5').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFC6EFCE' } };
  await book.xlsx.writeFile(process.argv[1]);`;

const LINKS = `
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(process.argv[1]);
  const links = [];
  const summary = {};
  book.getWorksheet('Problems').eachRow((row) => {
    const a = row.getCell(1).value;
    if (a && typeof a === 'object' && a.hyperlink) links.push({ text: a.text, hyperlink: a.hyperlink, code: row.getCell(2).value });
    else if (typeof a === 'string' && row.getCell(2).value !== null) summary[a] = row.getCell(2).value;
  });
  console.log(JSON.stringify({ links, summary }));`;

const without = (cell: InspectedCell | undefined): Omit<InspectedCell, 'fill' | 'note'> | undefined =>
  cell && { value: cell.value, numFmt: cell.numFmt, formula: cell.formula };

describe("validate --annotate of a curator's own mapped workbook (built CLI, in-process sandbox)", () => {
  test('the copy keeps formulas, formats, fills and merges, and marks exactly the problem cells; Problems first, linking to them', async () => {
    const dir = await tempDir();
    const mapping = path.join(dir, 'tensile.yaml');
    const input = path.join(dir, 'curator.xlsx');
    const out = path.join(dir, 'curator-checked.xlsx');
    await writeFile(mapping, MAPPING);
    runExcelJs(MAKE, input);

    const result = await runBuiltCli(['validate', '--sandbox', '--mapping', mapping, input, '--annotate', out], {
      env: { XDG_CACHE_HOME: path.join(dir, 'cache') },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/Tensile!D4\s+yield strength \(MPa\)\s+content\.屈服强度\s+VALUE_NOT_A_NUMBER/);
    expect(result.stdout).toMatch(/Tensile!F5\s+elongation \(%\)\s+content\.延伸率\s+VALUE_NOT_A_NUMBER/);

    const before = inspectWorkbook(input);
    const copy = inspectWorkbook(out);
    expect(copy.order).toEqual(['Problems', 'Notes', 'Tensile']);
    for (const name of ['Notes', 'Tensile']) {
      const was = before.sheets[name]!;
      const is = copy.sheets[name]!;
      expect(is.merges).toEqual(was.merges);
      // Every cell of the curator's as it was: value, formula, number format; fills but on the problem cells.
      for (const [ref, cell] of Object.entries(was.cells)) {
        expect({ ref, ...without(is.cells[ref]) }).toEqual({ ref, ...without(cell) });
        if (is.cells[ref]?.fill !== WARNING) expect({ ref, fill: is.cells[ref]?.fill }).toEqual({ ref, fill: cell.fill });
      }
    }
    expect(before.sheets['Tensile']?.merges).toEqual(['A1:G1']);
    expect(copy.sheets['Tensile']?.cells['E3']).toMatchObject({ formula: 'D3*1.1', value: { formula: 'D3*1.1', result: 550 } });
    expect(copy.sheets['Tensile']?.cells['D4']).toMatchObject({ value: 'n/a', numFmt: '0.00' });
    expect(copy.sheets['Tensile']?.cells['B5']?.fill).toBe('FFC6EFCE');

    // Exactly the two problem cells are filled and noted; the rest of their column keeps its look.
    const marked = (name: string): string[] =>
      Object.entries(copy.sheets[name]?.cells ?? {})
        .filter(([, c]) => c.fill === WARNING)
        .map(([ref]) => ref);
    const noted = (name: string): string[] =>
      Object.entries(copy.sheets[name]?.cells ?? {})
        .filter(([, c]) => c.note !== undefined)
        .map(([ref]) => ref);
    expect(marked('Tensile')).toEqual(['D4', 'F5']);
    expect(noted('Tensile')).toEqual(['D4', 'F5']);
    expect(marked('Notes')).toEqual([]);
    expect(copy.sheets['Tensile']?.cells['D4']?.note).toContain('VALUE_NOT_A_NUMBER');
    expect(copy.sheets['Tensile']?.cells['D4']?.note).toContain('found: n/a');
    expect(copy.sheets['Tensile']?.cells['F5']?.note).toContain('field: content.延伸率');

    // The status column is headed on the mapping's header row, below the title; nothing else is added.
    const added = Object.keys(copy.sheets['Tensile']?.cells ?? {}).filter((ref) => before.sheets['Tensile']?.cells[ref] === undefined);
    expect(added).toEqual(['H2', 'H4', 'H5']);
    expect(['H2', 'H4', 'H5'].map((ref) => copy.sheets['Tensile']?.cells[ref]?.value)).toEqual([
      'mge-ingest status',
      'invalid: 1 problem(s)',
      'invalid: 1 problem(s)',
    ]);

    const problems = runExcelJs<{ links: unknown[]; summary: Record<string, unknown> }>(LINKS, out);
    expect(problems.links).toEqual([
      { text: 'Tensile!D4', hyperlink: "#'Tensile'!D4", code: 'VALUE_NOT_A_NUMBER' },
      { text: 'Tensile!F5', hyperlink: "#'Tensile'!F5", code: 'VALUE_NOT_A_NUMBER' },
    ]);
    expect(problems.summary).toMatchObject({ records: 4, valid: 2, invalid: 2, problems: 2 });
  }, 60_000);
});
