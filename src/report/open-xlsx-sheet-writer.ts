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
  getRow(n: number): { getCell(column: number): { value: unknown }; commit(): void };
  commit(): void;
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
  addWorksheet(name: string): SheetWriter;
  commit(): Promise<unknown>;
}

/** Waits until the stream (if any) has taken in what it was given, or is gone (also for the annotated copy's writer). */
export async function drained(stream: ZipInput | Writable | undefined): Promise<void> {
  const needDrain =
    stream === undefined ? false : 'writableNeedDrain' in stream ? stream.writableNeedDrain : stream._writableState?.needDrain === true;
  if (needDrain && stream !== undefined) await waitForDrain(stream);
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
 * Streams a workbook of one sheet into `stream` with exceljs' streaming writer: each row is committed
 * (serialized and let go) as it is added, and adding waits while the zip or the file is behind, so
 * memory stays bounded however many rows are written. exceljs itself never waits: its sheet buffer
 * pushes into the zip's input regardless, and the zip compresses one entry at a time on the event loop,
 * so without waiting on that input the whole sheet piled up in memory until the end (200,000 rows:
 * 330 MB). The caller opens `stream`; `close` ends it.
 */
export function openXlsxSheetWriter(stream: Writable, sheetName: string): XlsxSheetWriter {
  const ExcelJs = loadExcelJs();
  const book = new ExcelJs.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false }) as unknown as BookWriter;
  const sheet = book.addWorksheet(sheetNameOf(sheetName));
  let rowNumber = 0;
  return {
    async addRow(cells) {
      // Cell by cell: exceljs takes a whole row only as an Array of its own realm (`instanceof`).
      const row = sheet.getRow(++rowNumber);
      cells.forEach((cell, index) => {
        const value = cellOf(cell);
        if (value !== null) row.getCell(index + 1).value = value;
      });
      row.commit();
      await drained(sheet.stream.pipes?.[0]);
      await drained(stream);
    },
    async close() {
      sheet.commit();
      await book.commit();
    },
  };
}
