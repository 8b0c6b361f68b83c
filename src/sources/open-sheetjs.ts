import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as SheetJs from '@e965/xlsx';
import type { TableSource, CellValue, InferredCell, SourceIssue } from './source-types.js';
import type { SourceOptions } from './source-options.js';
import type { MergeRange, RawRow } from './raw-row.js';
import type { RawSheet } from './raw-sheet.js';
import { assembleTable } from './assemble-table.js';
import { columnLetter } from './column-letter.js';
import { sourceError } from './source-error.js';
import { isPercentFormat } from './is-percent-format.js';
import { showsAsPercent } from './shows-as-percent.js';
import { checkSheetExtent, checkSheetJsFile, SHEETJS_LIMITS, type SheetJsLimits } from './check-sheetjs-file.js';
import { daysAfterEpoch, excelSerialDate, formatShowsTime, wallClockDate } from './excel-serial-date.js';
import { protectOdsText } from './protect-ods-text.js';

/** The SheetJS number-format calls used here; its typings leave `SSF` untyped. */
interface SheetJsFormats {
  is_date(this: void, format: string): boolean;
  format(this: void, format: string, value: number): string;
}

/** A sheet read by SheetJS: a {@link RawSheet}, plus what the header step uses. */
export interface SheetJsRawSheet extends RawSheet {
  /** Merged ranges, known before the rows. */
  readonly merges: readonly MergeRange[];
  /** The share of the sheet's rows handed out so far, 0..1. */
  readFraction(): number;
}

/**
 * Opens one sheet of an .xls or .ods with SheetJS, which parses it whole: the file is checked against
 * `limits` first (`checkSheetJsFile`), the cells once parsed; merged ranges apply to multi-row headers.
 * @throws MgeError `SOURCE_TOO_LARGE`, `SOURCE_ENCRYPTED`, `SOURCE_CORRUPT`, `SOURCE_SHEET_NOT_FOUND`, …
 */
export async function openSheetJs(file: string, options: SourceOptions = {}, limits: SheetJsLimits = SHEETJS_LIMITS): Promise<TableSource> {
  const sheet = await openSheetJsRawSheet(file, options.sheet ?? 1, limits);
  return assembleTable(
    {
      file,
      sheet: sheet.name,
      rows: sheet.rows()[Symbol.asyncIterator](),
      merges: sheet.merges,
      close: () => sheet.close(),
      readFraction: () => sheet.readFraction(),
    },
    options,
  );
}

/**
 * One sheet of an .xls or .ods as raw rows, `sheet` a name or 1-based position; cells as
 * docs/mapping.md#what-a-cell-gives-by-file-format lists them (an .ods's text kept as written, see
 * {@link readOds}).
 * @throws MgeError `SOURCE_TOO_LARGE`, `SOURCE_ENCRYPTED`, `SOURCE_CORRUPT`, `SOURCE_SHEET_NOT_FOUND`, …
 */
export async function openSheetJsRawSheet(
  file: string,
  sheet: string | number,
  limits: SheetJsLimits = SHEETJS_LIMITS,
): Promise<SheetJsRawSheet> {
  await checkSheetJsFile(file, limits);
  // Loaded on first use: SheetJS is large, and most runs read only CSV or xlsx.
  const XLSX = await import('@e965/xlsx');
  const ods = path.extname(file).toLowerCase() === '.ods';
  const { book, restore } = readBook(XLSX, file, await readFile(file), ods);
  const sheetNames = book.SheetNames.map(restore);
  const index = typeof sheet === 'number' ? sheet - 1 : sheetNames.indexOf(sheet);
  const name = sheetNames[index];
  const ws = name === undefined ? undefined : book.Sheets[book.SheetNames[index]!];
  if (name === undefined || !ws) {
    throw sourceError(
      'SOURCE_SHEET_NOT_FOUND',
      typeof sheet === 'number' ? `the workbook has no sheet number ${sheet}` : `the workbook has no sheet "${sheet}"`,
      { file, sheet: String(sheet) },
      `the sheets are: ${sheetNames.map((n, i) => `${i + 1}. "${n}"`).join(', ')}`,
    );
  }
  const merges: MergeRange[] = (ws['!merges'] ?? []).map((m) => ({ top: m.s.r, left: m.s.c, bottom: m.e.r, right: m.e.c }));
  const rows = (ws['!data'] ?? []) as (SheetJs.CellObject[] | undefined)[];
  checkSheetExtent(file, name, rows, limits.cells);
  // The workbook is in memory: progress is the share of its rows handed out.
  const handed = { rows: 0 };
  const context: SheetContext = {
    XLSX,
    sheet: name,
    date1904: book.Workbook?.WBProps?.date1904 === true,
    ods,
    restore,
  };
  let started = false;
  return {
    name,
    sheetNames,
    merges,
    readFraction: () => (rows.length > 0 ? handed.rows / rows.length : 1),
    rows: () => {
      if (started) throw sourceError('SOURCE_REREAD', 'the rows of a sheet can be read only once', { file, sheet: name });
      started = true;
      return sheetRows(rows, handed, context);
    },
    close: async () => undefined,
  };
}

/** Everything a cell's reading depends on besides the cell. */
interface SheetContext {
  readonly XLSX: typeof SheetJs;
  readonly sheet: string;
  /** The workbook counts its serials from 1904-01-01. */
  readonly date1904: boolean;
  /** An OpenDocument file: SheetJS turned its ISO dates into serials with its `datenum`. */
  readonly ods: boolean;
  /** Undoes {@link protectOdsText} on a text SheetJS read. */
  readonly restore: (text: string) => string;
}

function readBook(
  XLSX: typeof SheetJs,
  file: string,
  buffer: Buffer,
  ods: boolean,
): { book: SheetJs.WorkBook; restore: (text: string) => string } {
  try {
    const protectedOds = ods ? protectOdsText(XLSX, buffer) : undefined;
    const book = XLSX.read(protectedOds?.buffer ?? buffer, {
      type: 'buffer',
      dense: true,
      cellDates: false,
      cellFormula: false,
      cellNF: true,
      UTC: true,
    });
    return { book, restore: protectedOds?.restore ?? same };
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
}

const same = (text: string): string => text;

async function* sheetRows(
  data: (SheetJs.CellObject[] | undefined)[],
  handed: { rows: number },
  context: SheetContext,
): AsyncGenerator<RawRow[]> {
  let batch: RawRow[] = [];
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    const cells: CellValue[] = [];
    let issues: SourceIssue[] | undefined;
    let percent: boolean[] | undefined;
    let inferred: (InferredCell | undefined)[] | undefined;
    for (let c = 0; c < row.length; c++) {
      const cell = row[c];
      let value: CellValue = null;
      if (cell) {
        const read = readCell(cell, context);
        if (read.inferred) (inferred ??= [])[c] = read.inferred;
        if (read.issue) {
          (issues ??= []).push({
            ...read.issue,
            message: `${context.sheet}!${columnLetter(c)}${r + 1} ${read.issue.message}`,
            columnIndex: c,
          });
        } else {
          value = read.value;
          if (typeof value === 'number' && (typeof cell.z === 'string' ? isPercentFormat(cell.z) : showsAsPercent(value, cell.w))) {
            (percent ??= [])[c] = true;
            // An .xls number is typed by its format; an .ods percentage is typed by the file.
            if (!context.ods && typeof cell.z === 'string')
              (inferred ??= [])[c] = { kind: 'percent', raw: value, format: context.restore(cell.z) };
          }
        }
      }
      cells.push(value);
    }
    batch.push({ rowNumber: r + 1, cells, issues, percent, inferred });
    if (batch.length === 1000) {
      handed.rows = r + 1;
      yield batch;
      batch = [];
    }
  }
  handed.rows = data.length;
  if (batch.length > 0) yield batch;
}

interface ReadCell {
  readonly value: CellValue;
  readonly issue?: { code: string; message: string; found: string };
  /** An .xls number typed by its date or elapsed-time format (see `SourceRow.inferred`). */
  readonly inferred?: InferredCell | undefined;
}

function readCell(cell: SheetJs.CellObject, context: SheetContext): ReadCell {
  const { XLSX } = context;
  const formats = XLSX.SSF as SheetJsFormats;
  switch (cell.t) {
    case 'e': {
      const found = context.restore(cell.w ?? XLSX.utils.format_cell(cell));
      return { value: null, issue: { code: 'SOURCE_ERROR_CELL', message: `holds the error ${found}`, found } };
    }
    case 's':
      return { value: cell.v === '' || cell.v === undefined ? null : context.restore(String(cell.v)) };
    case 'b':
      return { value: Boolean(cell.v) };
    case 'n': {
      const v = cell.v as number;
      if (!Number.isFinite(v)) return { value: null };
      // An ODF boolean kept as a number under a boolean style (SheetJS drops the style, not the text
      // it shows): the cell shows, and means, TRUE or FALSE.
      if (context.ods && isShownBoolean(v, cell.w)) {
        return { value: v === 1, inferred: { kind: 'boolean', raw: v, format: 'a boolean style' } };
      }
      const z = typeof cell.z === 'string' ? context.restore(cell.z) : undefined;
      if (z === undefined) return { value: v };
      // An .ods date, time or duration is typed by the file (SheetJS made it a serial): nothing inferred.
      if (isElapsedFormat(z)) {
        const inferred = context.ods ? undefined : ({ kind: 'duration', raw: v, format: z } as const);
        // Excel shows a negative duration as ####: no text to give.
        if (v >= 0) return { value: formats.format(z, v), inferred };
        return {
          value: null,
          issue: { code: 'SOURCE_BAD_DATE', message: `holds ${v} under the time format ${z}, which shows no time`, found: String(v) },
          inferred,
        };
      }
      if (!isDateFormat(formats, z)) return { value: v };
      const inferred = context.ods ? undefined : ({ kind: 'date', raw: v, format: z } as const);
      const date = context.ods ? odsDate(v, z, context.date1904) : excelSerialDate(v, context.date1904, formatShowsTime(z));
      if (date) return { value: date, inferred };
      return {
        value: null,
        issue: { code: 'SOURCE_BAD_DATE', message: `holds ${v} under the date format ${z}, which shows no date`, found: String(v) },
        inferred,
      };
    }
    case 'd':
      return {
        value:
          cell.v instanceof Date ? (wallClockDate(cell.v.getTime(), typeof cell.z === 'string' && formatShowsTime(cell.z)) ?? null) : null,
      };
    default:
      return { value: null };
  }
}

function isDateFormat(formats: SheetJsFormats, format: string): boolean {
  try {
    return formats.is_date(format);
  } catch {
    return false;
  }
}

/** An elapsed-time format (`[h]:mm:ss`, `[mm]:ss`): a duration, not a calendar date. */
function isElapsedFormat(format: string): boolean {
  return /\[(h+|m+|s+)]/i.test(format.replace(/"[^"]*"|\\./g, ''));
}

/**
 * The calendar value of an ODS date: SheetJS turns its ISO dates into serials (`datenum`, with its
 * pre-1900 and 1904 shifts), undone here so every date reads as written. A time of day stays a day
 * fraction on the time-only day, told from 1899-12-31 by a format without day, month or year.
 */
function odsDate(serial: number, format: string, date1904: boolean): CellValue | undefined {
  const hasTime = formatShowsTime(format);
  const shifted = serial + (date1904 ? 1462 : 0);
  if (serial >= 0 && serial < 1 && !/[dy]/i.test(format.replace(/\[[^\]]*]|"[^"]*"|\\./g, '')))
    return daysAfterEpoch(shifted, false, hasTime);
  return daysAfterEpoch(shifted < 59 ? shifted + 1 : shifted, false, hasTime);
}

/** 1 shown as TRUE or 0 shown as FALSE: what a boolean data style shows. */
function isShownBoolean(v: number, shown: string | undefined): boolean {
  return (v === 1 && shown?.trim().toUpperCase() === 'TRUE') || (v === 0 && shown?.trim().toUpperCase() === 'FALSE');
}
