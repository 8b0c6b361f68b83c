import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as SheetJs from '@e965/xlsx';
import type { TableSource, CellValue, SourceIssue } from './source-types.js';
import type { SourceOptions } from './source-options.js';
import type { MergeRange, RawRow } from './raw-row.js';
import { assembleTable } from './assemble-table.js';
import { columnLetter } from './column-letter.js';
import { sourceError } from './source-error.js';
import { isPercentFormat } from './is-percent-format.js';

/** The one SheetJS number-format call used here; its typings leave `SSF` untyped. */
interface SheetJsFormats {
  is_date(this: void, format: string): boolean;
}
import { showsAsPercent } from './shows-as-percent.js';
import { checkSheetExtent, checkSheetJsFile, SHEETJS_LIMITS, type SheetJsLimits } from './check-sheetjs-file.js';
import { daysAfterEpoch, excelSerialDate, formatShowsTime, wallClockDate } from './excel-serial-date.js';

/**
 * Opens one sheet of an .xls or .ods with SheetJS. The whole workbook is parsed in memory, so the file
 * is checked first against `limits` (see `checkSheetJsFile`), and the sheet's cells once parsed; merged ranges are known and applied to multi-row headers. Cells are normalized as
 * for xlsx: error cells give `SOURCE_ERROR_CELL`, dates their wall-clock value.
 * @throws MgeError `SOURCE_TOO_LARGE`, `SOURCE_ENCRYPTED`, `SOURCE_CORRUPT`, `SOURCE_SHEET_NOT_FOUND`, …
 */
export async function openSheetJs(file: string, options: SourceOptions = {}, limits: SheetJsLimits = SHEETJS_LIMITS): Promise<TableSource> {
  await checkSheetJsFile(file, limits);
  // Loaded on first use: SheetJS is large, and most runs read only CSV or xlsx.
  const XLSX = await import('@e965/xlsx');
  let book: SheetJs.WorkBook;
  try {
    book = XLSX.read(await readFile(file), { type: 'buffer', dense: true, cellDates: false, cellFormula: false, cellNF: true, UTC: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const encrypted = /password|encrypt/i.test(message);
    throw sourceError(
      encrypted ? 'SOURCE_ENCRYPTED' : 'SOURCE_CORRUPT',
      encrypted ? 'the workbook is password-protected' : `the workbook cannot be read: ${message}`,
      { file },
      encrypted
        ? 'remove the password in the spreadsheet program and try again'
        : 'the file is damaged; open it in the spreadsheet program and save it again',
      error,
    );
  }
  const wanted = options.sheet ?? 1;
  const name = typeof wanted === 'number' ? book.SheetNames[wanted - 1] : book.SheetNames.find((n) => n === wanted);
  const sheet = name === undefined ? undefined : book.Sheets[name];
  if (name === undefined || !sheet) {
    throw sourceError(
      'SOURCE_SHEET_NOT_FOUND',
      typeof wanted === 'number' ? `the workbook has no sheet number ${wanted}` : `the workbook has no sheet "${wanted}"`,
      { file, sheet: String(wanted) },
      `the sheets are: ${book.SheetNames.map((n, i) => `${i + 1}. "${n}"`).join(', ')}`,
    );
  }
  const merges: MergeRange[] = (sheet['!merges'] ?? []).map((m) => ({ top: m.s.r, left: m.s.c, bottom: m.e.r, right: m.e.c }));
  const data = (sheet['!data'] ?? []) as (SheetJs.CellObject[] | undefined)[];
  checkSheetExtent(file, name, data, limits.cells);
  // The workbook is in memory: progress is the share of its rows handed out.
  const handed = { rows: 0 };
  const readFraction = (): number => (data.length > 0 ? handed.rows / data.length : 1);
  const dates: DateSystem = {
    date1904: book.Workbook?.WBProps?.date1904 === true,
    fromIsoDates: path.extname(file).toLowerCase() === '.ods',
  };
  return assembleTable(
    { file, sheet: name, rows: sheetRows(XLSX, data, name, handed, dates), merges, close: async () => undefined, readFraction },
    options,
  );
}

async function* sheetRows(
  XLSX: typeof SheetJs,
  data: (SheetJs.CellObject[] | undefined)[],
  sheetName: string,
  handed: { rows: number },
  dates: DateSystem,
): AsyncGenerator<RawRow[]> {
  let batch: RawRow[] = [];
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    const cells: CellValue[] = [];
    let issues: SourceIssue[] | undefined;
    let percent: boolean[] | undefined;
    for (let c = 0; c < row.length; c++) {
      const cell = row[c];
      let value: CellValue = null;
      if (cell) {
        if (cell.t === 'e') {
          const found = cell.w ?? XLSX.utils.format_cell(cell);
          (issues ??= []).push({
            code: 'SOURCE_ERROR_CELL',
            message: `${sheetName}!${columnLetter(c)}${r + 1} holds the error ${found}`,
            columnIndex: c,
            found,
          });
        } else {
          value = sheetJsValue(XLSX, cell, dates);
          if (typeof value === 'number' && (typeof cell.z === 'string' ? isPercentFormat(cell.z) : showsAsPercent(value, cell.w))) {
            (percent ??= [])[c] = true;
          }
        }
      }
      cells.push(value);
    }
    batch.push({ rowNumber: r + 1, cells, issues, percent });
    if (batch.length === 1000) {
      handed.rows = r + 1;
      yield batch;
      batch = [];
    }
  }
  handed.rows = data.length;
  if (batch.length > 0) yield batch;
}

/** How the workbook counts its date serials (see {@link excelSerialDate}). */
interface DateSystem {
  readonly date1904: boolean;
  /** SheetJS turned the file's ISO dates into serials with its `datenum` (OpenDocument). */
  readonly fromIsoDates: boolean;
}

function sheetJsValue(XLSX: typeof SheetJs, cell: SheetJs.CellObject, dates: DateSystem): CellValue {
  switch (cell.t) {
    case 's':
      return cell.v === '' || cell.v === undefined ? null : String(cell.v);
    case 'b':
      return Boolean(cell.v);
    case 'n': {
      const v = cell.v as number;
      if (typeof cell.z === 'string' && (XLSX.SSF as SheetJsFormats).is_date(cell.z))
        return sheetJsDate(v, formatShowsTime(cell.z), dates) ?? v;
      return Number.isFinite(v) ? v : null;
    }
    case 'd':
      return cell.v instanceof Date
        ? (wallClockDate(cell.v.getTime(), typeof cell.z === 'string' && formatShowsTime(cell.z)) ?? null)
        : null;
    default:
      return null;
  }
}

/**
 * A date serial as the calendar value it shows. An OpenDocument file stores ISO dates, which SheetJS
 * turns into Excel serials by counting from 1899-12-30 minus one day before serial 60 (and 1900-02-28
 * itself lands on 60): that is undone here, so those dates need no leap-year rule and dates before
 * 1900 survive. A time with no date (0 ≤ serial < 1) stays on 1899-12-30 as in Excel files.
 */
function sheetJsDate(serial: number, hasTime: boolean, dates: DateSystem): CellValue | undefined {
  if (!dates.fromIsoDates || dates.date1904) return excelSerialDate(serial, dates.date1904, hasTime);
  const days = serial < 0 ? serial + 1 : serial < 1 || serial >= 60 ? serial : serial + 1;
  return daysAfterEpoch(days, false, hasTime);
}
