import type { TableSource, CellValue, SourceIssue } from './source-types.js';
import type { SourceOptions } from './source-options.js';
import type { RawRow } from './raw-row.js';
import { assembleTable } from './assemble-table.js';
import { checkWorkbookFile, DEFAULT_WORKBOOK_LIMITS, type WorkbookLimits } from './check-workbook-file.js';
import { normalizeExcelCell } from './normalize-excel-cell.js';
import { columnLetter } from './column-letter.js';
import { sourceError } from './source-error.js';
import { isMgeError } from '../errors/mge-error.js';
import { readXlsxMerges } from './read-xlsx-merges.js';
import { readXlsxErrorResults } from './read-xlsx-error-results.js';
import { loadExcelJs } from './load-exceljs.js';
import { isPercentFormat } from './is-percent-format.js';
import { findXlsxSheetEntry } from './find-xlsx-sheet-entry.js';
import { zipPartsStream } from './zip-parts-stream.js';

/** Excel's last row: a sheet claiming more is damaged or hostile. */
const MAX_EXCEL_ROWS = 1_048_576;

/** The parts of exceljs' stream reader used here (it is unmaintained: keep it behind this file). */
interface SheetReader {
  readonly name?: string;
  /** The chunks of sheet XML that `parse()` reads (from the zip, or from a temp file: see `sheetRows`). */
  iterator?: AsyncIterable<Buffer | string>;
  /** Events in batches, one batch per chunk of sheet XML. */
  parse(): AsyncIterable<{ eventType: string; value: unknown }[]>;
}
interface ExcelRow {
  readonly number: number;
  eachCell(options: { includeEmpty: boolean }, visit: (cell: ExcelCell, column: number) => void): void;
}
interface ExcelCell {
  readonly value: unknown;
  readonly numFmt?: string;
  /** A formula's cached result as parsed (NaN for a cached error). */
  readonly result?: unknown;
}
interface BookReader extends AsyncIterable<SheetReader> {
  readonly model?: { sheets?: { name: string }[] };
  readonly stream?: { destroy(): void };
}

/**
 * The parts exceljs' stream reader inflates, matched as it matches them (its sheet pattern is not
 * anchored); it drains every other part unread.
 */
function readByExcelJs(name: string): boolean {
  return EXCELJS_PARTS.has(name) || /xl\/worksheets\/sheet\d+[.]xml/.test(name) || /xl\/worksheets\/_rels\/sheet\d+[.]xml.rels/.test(name);
}
const EXCELJS_PARTS = new Set(['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml']);

/**
 * Opens one sheet of an .xlsx/.xlsm with the exceljs stream reader (bounded memory). The file is
 * checked first (see `checkWorkbookFile`). Sheets are matched by name or 1-based workbook order; the
 * read stops at the end of the wanted sheet.
 * @throws MgeError `SOURCE_SHEET_NOT_FOUND` (hint lists the sheets), `SOURCE_CORRUPT`,
 *   `SOURCE_ENCRYPTED`, `SOURCE_TOO_LARGE`, and the header errors of `assembleTable`.
 */
export async function openXlsx(
  file: string,
  options: SourceOptions = {},
  limits: WorkbookLimits = DEFAULT_WORKBOOK_LIMITS,
): Promise<TableSource> {
  const entries = await checkWorkbookFile(file, limits, readByExcelJs);
  // The reader walks the zip's local headers: it gets only the parts checked above, as they were checked.
  const reader = new (loadExcelJs().stream.xlsx.WorkbookReader)(zipPartsStream(file, entries), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as BookReader;
  const books = reader[Symbol.asyncIterator]();
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    reader.stream?.destroy();
    await books.return?.(undefined).catch(() => undefined);
  };
  const wanted = options.sheet ?? 1;
  let sheet: SheetReader | undefined;
  let sheetName: string | undefined;
  try {
    let index = 0;
    for (;;) {
      const next = await books.next();
      if (next.done) break;
      index++;
      const order = reader.model?.sheets?.map((s) => s.name) ?? [];
      const name = next.value.name ?? order[index - 1] ?? `Sheet${index}`;
      const match =
        typeof wanted === 'number'
          ? name === (order[wanted - 1] ?? `#${wanted}`) || (order.length === 0 && index === wanted)
          : name === wanted;
      if (match) {
        sheet = next.value;
        sheetName = name;
        break;
      }
    }
  } catch (error) {
    await close();
    throw corrupt(file, error);
  }
  if (!sheet || sheetName === undefined) {
    const names = reader.model?.sheets?.map((s) => s.name) ?? [];
    await close();
    throw sourceError(
      'SOURCE_SHEET_NOT_FOUND',
      typeof wanted === 'number' ? `the workbook has no sheet number ${wanted}` : `the workbook has no sheet "${wanted}"`,
      { file, sheet: String(wanted) },
      names.length > 0 ? `the sheets are: ${names.map((n, i) => `${i + 1}. "${n}"`).join(', ')}` : 'the workbook holds no readable sheets',
    );
  }
  const sheetNames = reader.model?.sheets?.map((s) => s.name) ?? [];
  const merges =
    (options.headerRows ?? 1) > 1 ? await readXlsxMerges(file, entries, sheetNames, sheetName, limits).catch(() => undefined) : undefined;
  let errorResults: Promise<Map<string, string>> | undefined;
  const errorText = async (ref: string): Promise<string | undefined> => {
    errorResults ??= readXlsxErrorResults(file, entries, sheetNames, sheetName, limits).catch(() => new Map<string, string>());
    return (await errorResults).get(ref);
  };
  const entry = await findXlsxSheetEntry(file, entries, sheetNames, sheetName).catch(() => undefined);
  const xmlBytes = entry === undefined || entry.uncompressedSize === 0xffffffff ? 0 : entry.uncompressedSize;
  const parsed = { bytes: 0 };
  const readFraction = (): number => (xmlBytes > 0 ? parsed.bytes / xmlBytes : 0);
  return assembleTable(
    { file, sheet: sheetName, rows: sheetRows(sheet, file, sheetName, errorText, parsed, limits.maxSpan), merges, close, readFraction },
    options,
  );
}

/**
 * Counts the bytes of sheet XML as exceljs parses them. The file's own bytes are no measure of
 * progress: the reader is fed the workbook's parts and shared strings first, wherever the file keeps
 * them (`zipPartsStream`), so the sheet is not where the file's bytes say it is.
 */
async function* counted(chunks: AsyncIterable<Buffer | string>, parsed: { bytes: number }): AsyncGenerator<Buffer | string> {
  for await (const chunk of chunks) {
    parsed.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    yield chunk;
  }
}

async function* sheetRows(
  sheet: SheetReader,
  file: string,
  sheetName: string,
  errorText: (ref: string) => Promise<string | undefined>,
  parsed: { bytes: number },
  maxSpan: WorkbookLimits['maxSpan'],
): AsyncGenerator<RawRow[]> {
  if (sheet.iterator !== undefined) sheet.iterator = counted(sheet.iterator, parsed);
  // Each row is handed on up to its last cell, so one cell in column XFD costs 16,384 in a few bytes
  // of XML: the span is held to the filled cells, since the sheet's bytes do not bound it.
  let spanned = 0;
  let filled = 0;
  try {
    for await (const events of sheet.parse()) {
      const batch: RawRow[] = [];
      for (const event of events) {
        if (event.eventType !== 'row') continue;
        const row = event.value as ExcelRow;
        // Sizes in a zip directory can lie; a sheet cannot hold more rows than Excel allows.
        if (row.number > MAX_EXCEL_ROWS) {
          throw sourceError(
            'SOURCE_TOO_LARGE',
            `the sheet goes past Excel's last row (${MAX_EXCEL_ROWS})`,
            { file, sheet: sheetName, row: row.number },
            'this is not a normal workbook; save it again from the spreadsheet program',
          );
        }
        const { raw, filled: held } = toRawRow(row, sheetName);
        spanned += raw.cells.length;
        filled += held;
        if (spanned > maxSpan.floor + maxSpan.perCell * filled) {
          throw sourceError(
            'SOURCE_TOO_LARGE',
            `the sheet's rows, each counted to its last cell, span ${spanned} cells for ${filled} filled ones`,
            { file, sheet: sheetName, row: row.number },
            'this is not a normal workbook (cells far to the right on many rows?); delete the stray cells or save it as CSV',
          );
        }
        if (raw.issues) await fillErrorResults(raw, sheetName, errorText);
        batch.push(raw);
      }
      if (batch.length > 0) yield batch;
    }
  } catch (error) {
    throw corrupt(file, error, sheetName);
  }
}

/** The row's cells by column (up to its last cell), and how many cells the sheet holds for it. */
function toRawRow(row: ExcelRow, sheetName: string): { raw: RawRow; filled: number } {
  const cells: CellValue[] = [];
  let issues: SourceIssue[] | undefined;
  let percent: boolean[] | undefined;
  let filled = 0;
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    filled += 1;
    const numFmt = cell.numFmt;
    const { value, issue } = normalizeExcelCell(cell.value, numFmt, cell.result);
    while (cells.length < column - 1) cells.push(null);
    cells[column - 1] = value;
    if (typeof value === 'number' && isPercentFormat(numFmt)) (percent ??= [])[column - 1] = true;
    if (issue) {
      const ref = `${columnLetter(column - 1)}${row.number}`;
      (issues ??= []).push({
        ...issue,
        columnIndex: column - 1,
        message:
          issue.code === 'SOURCE_ERROR_CELL'
            ? `${sheetName}!${ref} holds the error ${issue.found}`
            : issue.code === 'SOURCE_FORMULA_NO_RESULT'
              ? `${sheetName}!${ref} has a formula with no saved result; open and save the file in a spreadsheet program`
              : `${sheetName}!${ref} could not be read`,
      });
    }
  });
  return { raw: { rowNumber: row.number, cells, issues, percent }, filled };
}

/** Fills in the text of formula results that are errors (see `normalizeExcelCell`). */
async function fillErrorResults(row: RawRow, sheetName: string, errorText: (ref: string) => Promise<string | undefined>): Promise<void> {
  const issues = row.issues!;
  for (let i = 0; i < issues.length; i++) {
    const issue = issues[i]!;
    if (issue.code !== 'SOURCE_ERROR_CELL' || issue.found !== undefined || issue.columnIndex === undefined) continue;
    const ref = `${columnLetter(issue.columnIndex)}${row.rowNumber}`;
    const found = (await errorText(ref)) ?? '#ERROR';
    issues[i] = { ...issue, found, message: `${sheetName}!${ref} holds a formula whose result is the error ${found}` };
  }
}

function corrupt(file: string, error: unknown, sheet?: string): Error {
  if (isMgeError(error)) return error;
  return sourceError(
    'SOURCE_CORRUPT',
    `the workbook cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    { file, ...(sheet === undefined ? {} : { sheet }) },
    'the file is damaged; open it in the spreadsheet program and save it again',
    error,
  );
}
