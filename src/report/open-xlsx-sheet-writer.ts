import type { Writable } from 'node:stream';
import { loadExcelJs } from '../sources/load-exceljs.js';
import { waitForDrain, type Drainable } from '../util/wait-for-drain.js';
import { encodeXlsxText } from '../util/xlsx-escape.js';

/** One cell to write: text, a number, or nothing. */
export type SheetCell = string | number | null;

/** A one-sheet workbook being streamed to a file. */
export interface XlsxSheetWriter {
  /** Appends one row; resolves once the file can take more (backpressure). */
  addRow(cells: readonly SheetCell[]): Promise<void>;
  /** Finishes the workbook; resolves when every byte is handed to the stream. */
  close(): Promise<void>;
}

/** The parts of exceljs' streaming writer used here (it is unmaintained: keep it behind this file). */
interface SheetWriter {
  getRow(n: number): { getCell(column: number): { value: unknown; font: unknown }; commit(): void };
  commit(): void;
  /** Column widths; read when the first row is committed. */
  columns: { width: number }[];
  /** Written when the sheet is committed: may be set at the end. */
  autoFilter: string | null;
  /**
   * The sheet's XML buffer; `pipes[0]` is the stream the zip reads the sheet from (exceljs 4.4.0: a
   * PassThrough of readable-stream 2, which has no `writableNeedDrain` yet, only its state).
   */
  readonly stream: { readonly pipes?: readonly ZipInput[] };
}
interface ZipInput extends Drainable {
  readonly _writableState?: { readonly needDrain?: boolean };
}
interface BookWriter {
  addWorksheet(name: string, options?: { views?: readonly SheetView[] }): SheetWriter;
  commit(): Promise<unknown>;
}

/** Waits until the stream (if any) has taken in what it was given, or is gone (also for the annotated copy's writer). */
export async function drained(stream: ZipInput | Writable | undefined): Promise<void> {
  const needDrain =
    stream === undefined ? false : 'writableNeedDrain' in stream ? stream.writableNeedDrain : stream._writableState?.needDrain === true;
  if (needDrain && stream !== undefined) await waitForDrain(stream);
}

/** A sheet view as exceljs writes it (`state: 'frozen'` keeps the rows above `ySplit` in view). */
export interface SheetView {
  readonly state: 'frozen';
  readonly ySplit: number;
  readonly xSplit: number;
  readonly topLeftCell: string;
  readonly activeCell: string;
}

/** The view that keeps rows 1…`row` (a header) in sight while the rest scrolls. */
export function frozenAt(row: number): SheetView[] {
  return [{ state: 'frozen', ySplit: row, xSplit: 0, topLeftCell: `A${row + 1}`, activeCell: `A${row + 1}` }];
}

/**
 * The narrowest and widest a fitted column gets, in characters (a longer text shows in full when its
 * cell is selected). At least 10: exceljs takes a width of 9 for its default and writes none.
 */
export const MIN_WIDTH = 10;
export const MAX_WIDTH = 60;
/** Rows a streamed sheet holds back to fit its columns to: the header and the first rows after it. */
export const FIT_ROWS = 200;

/** How wide `text` shows, in Excel's character widths: a CJK or other wide character takes two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const line of text.split('\n')) {
    let w = 0;
    for (const c of line)
      w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/u.test(c)
        ? 2
        : 1;
    width = Math.max(width, w);
  }
  return width;
}

/**
 * Column widths fitted to `rows` (each a row's cells, first column first): the widest cell plus a
 * margin, at least {@link MIN_WIDTH} and at most {@link MAX_WIDTH}.
 */
export function fitWidths(rows: Iterable<readonly (SheetCell | undefined)[]>): number[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      const w = cell === null || cell === undefined ? 0 : displayWidth(String(cell));
      widths[i] = Math.max(widths[i] ?? MIN_WIDTH, Math.min(MAX_WIDTH, w + 2));
    });
  }
  return Array.from(widths, (w) => w ?? MIN_WIDTH);
}

/** `A`, `B`, … `AA`: the letters of a 1-based column number. */
export function columnLetters(column: number): string {
  let out = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

/** The range an autofilter covers: columns 1…`columns` from the header row to the last row. */
export function filterRange(headerRow: number, lastRow: number, columns: number): string | null {
  return columns < 1 ? null : `A${headerRow}:${columnLetters(columns)}${Math.max(headerRow, lastRow)}`;
}

/** Excel's longest sheet name, and the characters a sheet name cannot hold. */
const MAX_SHEET_NAME = 31;
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/g;

function sheetNameOf(name: string): string {
  const clean = name.replace(SHEET_NAME_FORBIDDEN, ' ').trim().slice(0, MAX_SHEET_NAME);
  return clean === '' || clean.toLowerCase() === 'history' ? 'rows to fix' : clean;
}

/**
 * Text as an inline string (`t="inlineStr"`, the standard's own cell type for text kept in the sheet)
 * and a number as a number: never a formula, whatever the text starts with, and no table of shared
 * strings held in memory until the end.
 */
export function cellOf(cell: SheetCell): unknown {
  if (cell === null || cell === '') return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : { richText: [{ text: String(cell) }] };
  return { richText: [{ text: encodeXlsxText(cell) }] };
}

/**
 * Streams a one-sheet workbook into `stream` (bold frozen header, autofilter, fitted columns). Adding
 * a row waits while the zip's input or the file is behind: exceljs never waits, and a 200,000-row sheet
 * piled up to 330 MB until the end. The caller opens `stream`; `close` ends it.
 */
export function openXlsxSheetWriter(stream: Writable, sheetName: string): XlsxSheetWriter {
  const ExcelJs = loadExcelJs();
  const book = new ExcelJs.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false }) as unknown as BookWriter;
  const sheet = book.addWorksheet(sheetNameOf(sheetName), { views: frozenAt(1) });
  let rowNumber = 0;
  let columns = 0;
  /** Rows held back until the columns are fitted to them; undefined once they are written. */
  let held: (readonly SheetCell[])[] | undefined = [];
  const write = async (cells: readonly SheetCell[]): Promise<void> => {
    // Cell by cell: exceljs takes a whole row only as an Array of its own realm (`instanceof`).
    const row = sheet.getRow(++rowNumber);
    cells.forEach((cell, index) => {
      const value = cellOf(cell);
      const target = row.getCell(index + 1);
      if (value !== null) target.value = value;
      if (rowNumber === 1) target.font = { bold: true };
    });
    row.commit();
    await drained(sheet.stream.pipes?.[0]);
    await drained(stream);
  };
  const release = async (): Promise<void> => {
    if (held === undefined) return;
    const rows = held;
    held = undefined;
    sheet.columns = fitWidths(rows).map((width) => ({ width }));
    for (const cells of rows) await write(cells);
  };
  return {
    async addRow(cells) {
      columns = Math.max(columns, cells.length);
      if (held === undefined) return write(cells);
      held.push(cells);
      if (held.length > FIT_ROWS) await release();
    },
    async close() {
      await release();
      sheet.autoFilter = filterRange(1, rowNumber, columns);
      sheet.commit();
      await book.commit();
    },
  };
}
