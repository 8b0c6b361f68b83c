import { stat } from 'node:fs/promises';
import type { RowProblem } from '../../template/record-types.js';
import type { VerifiedZipEntry } from '../../sources/verify-zip-entry.js';
import { checkedZipBuffer } from '../../sources/checked-zip-buffer.js';
import { loadExcelJs } from '../../sources/load-exceljs.js';
import { filterRange, fitWidths, FIT_ROWS, frozenAt, type SheetCell } from '../open-xlsx-sheet-writer.js';
import type { AnnotateInput } from './annotate-input.js';
import { noteOf, PROBLEMS_SHEET, STATUS_HEADER, WARNING_FILL } from './mark-texts.js';

type Worksheet = import('exceljs').Worksheet;

/** `'Sheet 1'!D5`: a reference a hyperlink inside the workbook follows. */
function sheetRef(sheet: string, cell: string): string {
  return `'${sheet.replaceAll("'", "''")}'!${cell}`;
}

// A text cell is never a formula, whatever it starts with: text is written as it is, no `'` before it.
const people = (v: string | undefined): string => v ?? '';

/** The first row of a table on the Problems sheet: below the summary (a title and its lines) and a blank row. */
function problemsTitleRow(input: Pick<AnnotateInput, 'summary'>): number {
  return input.summary.length + 3;
}

const PROBLEM_TITLES = ['cell', 'code', 'field', 'expected', 'found', 'message'];

function writeProblemsSheet(
  sheet: Worksheet,
  input: Pick<AnnotateInput, 'summary' | 'problems'>,
  sheetOf: (p: RowProblem) => string,
): void {
  const titleRow = problemsTitleRow(input);
  const widths = fitWidths([
    ...input.summary.map(([label, value]): SheetCell[] => [label, value]),
    PROBLEM_TITLES,
    ...input.problems
      .slice(0, FIT_ROWS)
      .map((p): SheetCell[] => [
        `${sheetOf(p)}!${p.location.cell ?? `A${p.location.row}`}`,
        p.code,
        p.field ?? null,
        p.expected ?? null,
        p.found ?? null,
        p.message,
      ]),
  ]);
  widths.forEach((width, i) => {
    sheet.getColumn(i + 1).width = width;
  });
  sheet.views = frozenAt(titleRow);
  let r = 1;
  sheet.getCell(r, 1).value = 'Summary';
  sheet.getCell(r, 1).font = { bold: true };
  for (const [label, value] of input.summary) {
    r++;
    sheet.getCell(r, 1).value = label;
    sheet.getCell(r, 2).value = typeof value === 'number' ? value : people(value);
  }
  r += 2;
  PROBLEM_TITLES.forEach((h, i) => {
    const c = sheet.getCell(r, i + 1);
    c.value = h;
    c.font = { bold: true };
  });
  for (const p of input.problems) {
    r++;
    const name = sheetOf(p);
    const cell = p.location.cell ?? `A${p.location.row}`;
    sheet.getCell(r, 1).value = { text: `${name}!${cell}`, hyperlink: `#${sheetRef(name, cell)}` };
    sheet.getCell(r, 1).font = { color: { argb: 'FF0563C1' }, underline: true };
    [p.code, p.field, p.expected, p.found, p.message].forEach((v, i) => {
      sheet.getCell(r, i + 2).value = people(v);
    });
  }
  const problemFilter = filterRange(titleRow, r, PROBLEM_TITLES.length);
  if (problemFilter !== null) sheet.autoFilter = problemFilter;
}

/** The display text of a copied cell, to fit its column to. */
function shownText(cell: import('exceljs').Cell): string {
  return cell.value === null || cell.value === undefined ? '' : cell.text;
}

/**
 * Lays a marked sheet out for reading without undoing the curator's own: a bold frozen header, an
 * autofilter, fitted widths, each only where the sheet has none.
 */
function layOutSheet(sheet: Worksheet, headerRow: number): void {
  const header = sheet.getRow(headerRow);
  header.eachCell((cell) => {
    cell.style = { ...cell.style, font: { ...cell.style.font, bold: true } };
  });
  // A workbook read without views has none (null, whatever the type says).
  const views = (sheet.views as typeof sheet.views | null) ?? [];
  if (views.every((v) => v.state !== 'frozen' && v.state !== 'split')) sheet.views = frozenAt(headerRow);
  const filter = filterRange(headerRow, Math.max(headerRow, sheet.rowCount), sheet.columnCount);
  if ((sheet.autoFilter === undefined || sheet.autoFilter === null) && filter !== null) sheet.autoFilter = filter;
  const rows: string[][] = [];
  for (let r = headerRow; r <= Math.min(sheet.rowCount, headerRow + FIT_ROWS); r++) {
    const cells: string[] = [];
    sheet.getRow(r).eachCell({ includeEmpty: false }, (cell, column) => {
      // A merged range's other cells repeat its first: the text spans the range, not one column.
      if (!cell.isMerged) cells[column - 1] = shownText(cell);
    });
    rows.push(Array.from(cells, (c) => c ?? ''));
  }
  fitWidths(rows).forEach((width, i) => {
    const column = sheet.getColumn(i + 1);
    if (column.width === undefined) column.width = width;
  });
}

function markSheet(
  sheet: Worksheet,
  problems: readonly RowProblem[],
  statuses: readonly Iterable<readonly [number, string]>[],
  headerRow: number,
): void {
  const byCell = new Map<string, RowProblem[]>();
  for (const p of problems) {
    // A cell with no column letter (a joined workbook's column from another sheet) marks its row's first cell.
    const key = p.location.cell !== undefined && /^[A-Z]+\d+$/i.test(p.location.cell) ? p.location.cell : `A${p.location.row}`;
    const list = byCell.get(key);
    if (list) list.push(p);
    else byCell.set(key, [p]);
  }
  for (const [ref, list] of byCell) {
    const cell = sheet.getCell(ref);
    // exceljs gives the cells of one style in the file one style object, and `cell.fill =` writes
    // into it: every cell formatted like this one (a column's number format) would turn red. The
    // cell gets a style of its own, its format kept.
    cell.style = { ...cell.style, fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: WARNING_FILL } } };
    cell.note = noteOf(list);
  }
  if (statuses.length === 0) return;
  const column = sheet.columnCount + 1;
  sheet.getCell(headerRow, column).value = STATUS_HEADER;
  sheet.getCell(headerRow, column).font = { bold: true };
  for (const list of statuses) for (const [row, text] of list) sheet.getCell(row, column).value = people(text);
}

/** exceljs orders sheets by this (untyped) field when it writes the workbook. */
type Ordered = Worksheet & { orderNo: number };

/** Puts the Problems sheet first, keeping the order of the others. */
function moveFirst(book: import('exceljs').Workbook, first: Worksheet): void {
  const others = (book.worksheets as Ordered[]).filter((w) => w !== first).sort((a, b) => a.orderNo - b.orderNo);
  (first as Ordered).orderNo = 0;
  others.forEach((w, i) => {
    w.orderNo = i + 1;
  });
}

/**
 * The annotated copy through exceljs' document model (formats and formulas kept, the workbook held
 * whole, so only below `STREAM_ABOVE`), fed only the size-checked `entries`; Problems sheet first.
 */
export async function copyWholeWorkbook(
  input: AnnotateInput,
  entries: readonly VerifiedZipEntry[],
  lines: readonly (readonly [string, string | number])[],
  out: string,
): Promise<{ bytes: number }> {
  const book = new (loadExcelJs().Workbook)();
  await book.xlsx.load((await checkedZipBuffer(input.file, entries)) as unknown as Parameters<typeof book.xlsx.load>[0]);
  const first = book.worksheets[0]?.name ?? '';
  const sheetOf = (p: RowProblem): string => p.location.sheet ?? first;
  const names = new Set([...input.problems.map(sheetOf), ...input.statuses.sheets.map((s) => s ?? first)]);
  const headerSheet = input.header === undefined ? undefined : (input.header.sheet ?? first);
  for (const name of names) {
    const sheet = book.getWorksheet(name);
    if (sheet === undefined) continue;
    const headerRow = name === headerSheet ? (input.header?.row ?? 1) : 1;
    // The first sheet's statuses are also those that name no sheet.
    const statuses = input.statuses.sheets.filter((s) => (s ?? first) === name).map((s) => input.statuses.entries(s));
    markSheet(
      sheet,
      input.problems.filter((p) => sheetOf(p) === name),
      statuses,
      headerRow,
    );
    layOutSheet(sheet, headerRow);
  }
  let problemsName = PROBLEMS_SHEET;
  for (let i = 2; book.getWorksheet(problemsName) !== undefined; i++) problemsName = `${PROBLEMS_SHEET} ${i}`;
  const problems = book.addWorksheet(problemsName);
  writeProblemsSheet(problems, { problems: input.problems, summary: [...input.summary, ...lines] }, sheetOf);
  moveFirst(book, problems);
  await book.xlsx.writeFile(out);
  return { bytes: (await stat(out)).size };
}
