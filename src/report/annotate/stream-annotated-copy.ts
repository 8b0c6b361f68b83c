import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RowProblem } from '../../template/record-types.js';
import { loadExcelJs } from '../../sources/load-exceljs.js';
import type { CellValue, SourceRow, TableSource } from '../../sources/source-types.js';
import { cellOf, drained, filterRange, fitWidths, FIT_ROWS, frozenAt, type SheetCell, type SheetView } from '../open-xlsx-sheet-writer.js';
import { exactNumber } from './exact-number.js';
import type { RowStatuses } from './row-status.js';
import { spillSideParts } from './spill-side-parts.js';

/** The parts of exceljs' streaming writer used here. */
interface StreamCell {
  value: unknown;
  fill: unknown;
  note: unknown;
  font: unknown;
}
interface StreamSheet {
  getRow(n: number): { getCell(column: number): StreamCell; commit(): void };
  commit(): void;
  columns: { width: number }[];
  autoFilter: string | null;
  readonly stream: { readonly pipes?: readonly Parameters<typeof drained>[0][] };
}
interface StreamBook {
  addWorksheet(name: string, options?: { views?: readonly SheetView[] }): StreamSheet;
  commit(): Promise<unknown>;
}

/** One sheet of the copy: its name and how its rows are read. */
export interface StreamedTable {
  readonly name: string;
  open(): Promise<TableSource | undefined>;
}

/** What the streamed copy needs of the annotation (see `writeAnnotatedCopy`). */
export interface StreamedAnnotation {
  readonly file: string;
  readonly problems: readonly RowProblem[];
  readonly statuses: RowStatuses;
  /** The Problems sheet's summary lines, the problem count among them. */
  readonly summary: readonly (readonly [string, string | number])[];
  readonly problemsSheet: string;
  readonly fill: string;
  readonly statusHeader: string;
  readonly note: (problems: readonly RowProblem[]) => string;
  /**
   * Columns (0-based, of the first table) the mapping reads as numbers: a text cell there that holds
   * exactly a number ({@link exactNumber}) is written as a number cell. @default none
   */
  readonly numberColumns?: ReadonlySet<number> | undefined;
}

/** Bold, for a header. */
const BOLD = { bold: true };

function text(v: CellValue): string | number | null {
  if (v === null) return null;
  if (typeof v === 'number') return v;
  return typeof v === 'object' ? v.iso : String(v);
}

/**
 * The annotated copy streamed (docs/platform-workbook.md → The annotated copy): Problems sheet first,
 * then each table's rows one at a time, waiting on the zip and the disk, so memory holds the problems
 * and one row. Values only; a problem without a sheet goes on the first table.
 */
export async function streamAnnotatedCopy(a: StreamedAnnotation, tables: readonly StreamedTable[], out: string): Promise<void> {
  const first = tables[0]?.name ?? 'Sheet1';
  const sheetOf = (sheet: string | undefined): string => sheet ?? first;
  const stream = createWriteStream(out);
  await Promise.race([once(stream, 'open'), once(stream, 'error').then(([error]) => Promise.reject(error as Error))]);
  const book = new (loadExcelJs().stream.xlsx.WorkbookWriter)({
    stream,
    useStyles: true,
    useSharedStrings: false,
  }) as unknown as StreamBook;
  const parts = spillSideParts(book, [path.dirname(out), tmpdir()]);
  try {
    const commit = async (sheet: StreamSheet, row: { commit(): void }): Promise<void> => {
      row.commit();
      // A side part the zip failed to take stops the copy: the zip would never end.
      parts.check();
      await drained(sheet.stream.pipes?.[0]);
      await drained(stream);
    };
    await writeProblems(a, book, tables, sheetOf, commit);
    const byCell = problemsByCell(a.problems, sheetOf);
    for (const [index, t] of tables.entries()) {
      const table = await t.open();
      if (table === undefined) book.addWorksheet(t.name).commit();
      else {
        try {
          const sheet = { name: t.name, marks: byCell.get(t.name), status: statusesOf(a.statuses, index, t.name) };
          await copyTable(a, book, table, sheet, index === 0 ? a.numberColumns : undefined, commit);
        } finally {
          await table.close();
        }
      }
    }
    await Promise.race([book.commit(), parts.failed]);
  } finally {
    parts.close();
  }
}

/** Commits a row of a sheet, waiting while the zip or the file is behind. */
type Commit = (sheet: StreamSheet, row: { commit(): void }) => Promise<void>;

/** The problems by sheet, row and column letter (the cell a problem without one is on: A). */
function problemsByCell(
  problems: readonly RowProblem[],
  sheetOf: (sheet: string | undefined) => string,
): Map<string, Map<number, Map<string, RowProblem[]>>> {
  const byCell = new Map<string, Map<number, Map<string, RowProblem[]>>>();
  for (const p of problems) {
    const rows = byCell.get(sheetOf(p.location.sheet)) ?? new Map<number, Map<string, RowProblem[]>>();
    byCell.set(sheetOf(p.location.sheet), rows);
    const cells = rows.get(p.location.row) ?? new Map<string, RowProblem[]>();
    rows.set(p.location.row, cells);
    const key = p.location.column ?? 'A';
    const list = cells.get(key);
    if (list === undefined) cells.set(key, [p]);
    else list.push(p);
  }
  return byCell;
}

/** The status of a row of table `index`, when its sheet has any: the first table's also those without a sheet. */
function statusesOf(statuses: RowStatuses, index: number, name: string): ((row: number) => string | undefined) | undefined {
  const own = statuses.sheets.includes(name);
  const unnamed = index === 0 && statuses.sheets.includes(undefined);
  if (!own && !unnamed) return undefined;
  return (row) => (own ? statuses.at(name, row) : undefined) ?? (unnamed ? statuses.at(undefined, row) : undefined);
}

/** Text is written as a text cell, as it is: a typed cell is never a formula, so it needs no guard. */
function put(cell: StreamCell, v: string | number | null): void {
  if (v !== null && v !== '') cell.value = cellOf(v);
}

/** The Problems sheet: the summary, then a row per problem with a link to its cell. */
async function writeProblems(
  a: StreamedAnnotation,
  book: StreamBook,
  tables: readonly StreamedTable[],
  sheetOf: (sheet: string | undefined) => string,
  commit: Commit,
): Promise<void> {
  // The problem table's header comes after the summary and a blank row: frozen with what is above it.
  const titleRow = a.summary.length + 3;
  const titleCells = ['cell', 'code', 'field', 'expected', 'found', 'message'];
  // Only the rows the widths are fitted to: not a second copy of every problem.
  const problemCells = a.problems.slice(0, FIT_ROWS).map((p): SheetCell[] => {
    const name = sheetOf(p.location.sheet);
    return [`${name}!${p.location.cell ?? `A${p.location.row}`}`, p.code, p.field ?? null, p.expected ?? null, p.found ?? null, p.message];
  });
  const problems = book.addWorksheet(tables.some((t) => t.name === a.problemsSheet) ? `${a.problemsSheet} 2` : a.problemsSheet, {
    views: frozenAt(titleRow),
  });
  problems.columns = fitWidths([...a.summary.map(([label, value]) => [label, value]), titleCells, ...problemCells]).map((width) => ({
    width,
  }));
  let r = 1;
  const head = problems.getRow(r);
  put(head.getCell(1), 'Summary');
  head.getCell(1).font = BOLD;
  await commit(problems, head);
  for (const [label, value] of a.summary) {
    const row = problems.getRow(++r);
    put(row.getCell(1), label);
    put(row.getCell(2), value);
    await commit(problems, row);
  }
  r += 2;
  const titles = problems.getRow(r);
  titleCells.forEach((h, i) => {
    put(titles.getCell(i + 1), h);
    titles.getCell(i + 1).font = BOLD;
  });
  await commit(problems, titles);
  for (const p of a.problems) {
    const row = problems.getRow(++r);
    const name = sheetOf(p.location.sheet);
    const ref = p.location.cell ?? `A${p.location.row}`;
    row.getCell(1).value = { text: `${name}!${ref}`, hyperlink: `#'${name.replaceAll("'", "''")}'!${ref}` };
    [p.code, p.field, p.expected, p.found, p.message].forEach((v, i) => put(row.getCell(i + 2), v ?? null));
    await commit(problems, row);
  }
  problems.autoFilter = filterRange(titleRow, r, titleCells.length);
  problems.commit();
}

/** One table's sheet: its problems by row and column letter, and its rows' statuses, if any. */
interface MarkedSheet {
  readonly name: string;
  readonly marks: Map<number, Map<string, RowProblem[]>> | undefined;
  readonly status: ((row: number) => string | undefined) | undefined;
}

/** Copies one table's rows into a sheet, marking its problems and writing the status column. */
async function copyTable(
  a: StreamedAnnotation,
  book: StreamBook,
  table: TableSource,
  { name, marks, status }: MarkedSheet,
  numbers: ReadonlySet<number> | undefined,
  commit: Commit,
): Promise<void> {
  const width = table.header.names.length;
  const headerRow = table.header.row;
  const columns = width + (status === undefined ? 0 : 1);
  const rows = table.rows()[Symbol.asyncIterator]();
  // The first rows are read ahead to fit the columns to (a streamed sheet's widths come before its rows).
  const ahead: SourceRow[] = [];
  for (let next = await rows.next(); ; next = await rows.next()) {
    if (next.done === true) break;
    ahead.push(next.value);
    if (ahead.length >= FIT_ROWS) break;
  }
  const cellsOf = (source: SourceRow): SheetCell[] =>
    source.values.map((v, i) => {
      const x = text(v);
      return typeof x === 'string' && numbers?.has(i) === true ? (exactNumber(x) ?? x) : x;
    });
  const sheet = book.addWorksheet(name, { views: frozenAt(headerRow) });
  sheet.columns = fitWidths([
    [...table.header.names, ...(status === undefined ? [] : [a.statusHeader])],
    ...ahead.map((source) => [...cellsOf(source), status?.(source.rowNumber) ?? null]),
  ]).map((w) => ({ width: w }));
  const header = sheet.getRow(headerRow);
  table.header.names.forEach((n, i) => {
    if (n !== '') header.getCell(i + 1).value = cellOf(n);
  });
  if (status !== undefined) put(header.getCell(width + 1), a.statusHeader);
  for (let i = 1; i <= columns; i++) header.getCell(i).font = BOLD;
  await commit(sheet, header);
  let last = headerRow;
  const copy = async (source: SourceRow): Promise<void> => {
    const row = sheet.getRow(source.rowNumber);
    last = Math.max(last, source.rowNumber);
    // The input's own cells exactly as they are (an inline string is never a formula in a
    // workbook); a number the mapping reads from a CSV's text becomes the number it is.
    cellsOf(source).forEach((x, i) => {
      if (x !== null && x !== '') row.getCell(i + 1).value = cellOf(x);
    });
    for (const [letter, list] of marks?.get(source.rowNumber) ?? []) {
      const at = table.header.columns.indexOf(letter);
      const cell = row.getCell(at < 0 ? 1 : at + 1);
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: a.fill } };
      cell.note = a.note(list);
    }
    const said = status?.(source.rowNumber);
    if (said !== undefined) put(row.getCell(width + 1), said);
    await commit(sheet, row);
  };
  for (const source of ahead) await copy(source);
  if (ahead.length >= FIT_ROWS) for (let next = await rows.next(); next.done !== true; next = await rows.next()) await copy(next.value);
  sheet.autoFilter = filterRange(headerRow, last, columns);
  sheet.commit();
}
