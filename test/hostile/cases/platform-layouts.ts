import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadExcelJs } from '../../../src/sources/load-exceljs.js';
import { MIB_OF_ROWS } from '../../helpers/hostile-workbooks.js';
import { repeatedDeflate, SHEET_HEAD, SHEET_TAIL, writeZip, xlsxParts } from '../../helpers/write-zip.js';
import type { CaseFiles, CaseRun, HostileCase } from '../hostile-case.js';
import { runFirst, sparse, write } from '../case-inputs.js';
import { FORMULAS } from './formulas.js';

/** The records' source facts, which the platform's layouts do not hold. */
const SOURCE = ['--source', '10', '--methods', 'experiment'];
/** `validate` of a platform layout, read without a mapping, with the sample templates. */
const layout = (...args: string[]): string[] => [
  'validate',
  '--template-file',
  'templates.json',
  '--no-template-cache',
  ...SOURCE,
  ...args,
];
/** Text that starts like a formula to a spreadsheet. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The corpus' lying workbook (a sheet declaring 5,000 bytes, inflating to 1 GiB), its one sheet named as the platform's meta sheet. */
function lyingMetaSheet(): Buffer {
  const sheet = repeatedDeflate(SHEET_HEAD, MIB_OF_ROWS, 1024, SHEET_TAIL);
  const parts = xlsxParts({ name: 'sheet', deflated: { ...sheet, crc: 0 }, declaredSize: 5000 });
  return writeZip(
    parts.map((part) =>
      part.name === 'xl/workbook.xml' && part.data !== undefined
        ? { ...part, data: Buffer.from(part.data.toString('utf8').replace('name="Sheet1"', 'name="元数据"')) }
        : part,
    ),
  );
}

/** Template 201's filling workbook from `init --workbook`, filled by exceljs in its own process (one formula-like text per cell it can hold). */
async function formulaWorkbook(c: CaseFiles): Promise<void> {
  await runFirst(c, ['init', '201', '--workbook', 'blank.xlsx', '--template-file', 'templates.json', '--no-template-cache'], 0);
  const script = `const ExcelJS = require('exceljs'); (async () => {
    const f = JSON.parse(process.argv[3]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(process.argv[1]);
    const meta = book.getWorksheet('元数据'); const root = book.getWorksheet('1'); const table = book.getWorksheet('2');
    f.forEach((text, i) => {
      const id = 'R' + i;
      meta.getRow(i + 2).values = [id, text, text, 'k'];
      // 化学式 holds the text, 屈服强度 (a number) the text too: a problem whose found value is the formula.
      root.getRow(i + 2).values = [id, text, text];
      table.getRow(i + 2).values = [id, text, text];
    });
    await book.xlsx.writeFile(process.argv[2]);
  })();`;
  execFileSync(process.execPath, ['-e', script, c.at('blank.xlsx'), c.at('book.xlsx'), JSON.stringify(FORMULAS)], { cwd: process.cwd() });
}

/** No cell of any sheet of the annotated copy is a formula, and no text the tool wrote (Problems, the status column) starts like one. */
async function copyInert(r: CaseRun): Promise<void> {
  const ExcelJS = loadExcelJs();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(r.at('checked.xlsx'));
  let formulas = 0;
  const written: string[] = [];
  for (const sheet of book.worksheets) {
    const status = (sheet.getRow(1).values as unknown[]).indexOf('mge-ingest status');
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.formula !== undefined) formulas += 1;
        if ((sheet.name === 'Problems' || Number(cell.col) === status) && typeof cell.value === 'string') written.push(cell.value);
      }),
    );
  }
  expect(formulas).toBe(0);
  expect(written.length).toBeGreaterThan(FORMULAS.length * 4);
  // The found values are there as written, in text cells: a typed text cell is never a formula in a
  // spreadsheet, so it needs no apostrophe (which would change the value a curator copies back).
  expect(written).toEqual(expect.arrayContaining(FORMULAS));
  expect(written.filter((t) => t.startsWith("'") && FORMULA_START.test(t.slice(1)))).toEqual([]);
}

/** The platform's layouts read without a mapping: its workbook, its JSON import file, and what the tool writes from them. */
export const PLATFORM_LAYOUT_CASES: readonly HostileCase[] = [
  {
    name: 'platform workbook: a meta sheet declaring 5,000 bytes that inflates to 1 GiB is SOURCE_TOO_LARGE before any row, nothing sent',
    make: (c) => write(c, 'bomb.xlsx', lyingMetaSheet()),
    args: () => layout('bomb.xlsx'),
    exit: 2,
    code: 'SOURCE_TOO_LARGE',
  },
  {
    name: 'JSON import: a 2 GiB file is refused by its size, not read (JSON_IMPORT_INVALID)',
    make: (c) => sparse(c, 'big.json', '{"template": {"_id": 201}, "data": [', 2 * 1024 ** 3),
    args: () => layout('big.json'),
    exit: 2,
    code: 'JSON_IMPORT_INVALID',
  },
  {
    name: 'JSON import: a value nested 200,000 levels deep where a text belongs is a row problem at its path (exit 1)',
    make: (c) =>
      write(
        c,
        'deep.json',
        `{"template": {"_id": 201}, "data": [{"meta": {"数据ID": "D1", "数据标题": "t", "摘要": "a", "关键词": "k"}, "content": {"化学式": ${'{"a":'.repeat(200_000)}1${'}'.repeat(200_000)}, "屈服强度": 500}}]}`,
      ),
    args: () => layout('deep.json', '--errors', 'fix.jsonl'),
    exit: 1,
    writes: ['fix.jsonl'],
    check: (r) => {
      const text = readFileSync(r.at('fix.jsonl'), 'utf8');
      expect(text).toContain('JSON_NOT_A_VALUE');
      // The required table no record fills is a problem of the record, not of the run.
      expect(text).toContain('REQUIRED_MISSING');
    },
  },
  {
    name: 'formulas: a platform workbook whose cells hold formula-like text comes back annotated with no live formula and every found value inert',
    make: formulaWorkbook,
    args: () => layout('book.xlsx', '--annotate', 'checked.xlsx'),
    exit: 1,
    writes: ['checked.xlsx'],
    check: copyInert,
  },
  {
    name: 'outputs: validate BOOK --annotate BOOK leaves the workbook whole (OUTPUT_IS_INPUT)',
    make: formulaWorkbook,
    args: () => layout('book.xlsx', '--annotate', 'book.xlsx'),
    exit: 2,
    code: 'OUTPUT_IS_INPUT',
  },
  {
    name: 'outputs: init --workbook onto an existing file without --force is OUTPUT_EXISTS, the file unchanged',
    make: (c) => write(c, 'mine.xlsx', "the curator's own work"),
    args: () => ['init', '201', '--workbook', 'mine.xlsx', '--template-file', 'templates.json', '--no-template-cache'],
    exit: 2,
    code: 'OUTPUT_EXISTS',
  },
];
