import type { TableSource } from './source-types.js';
import type { SourceOptions } from './source-options.js';
import type { RawSheet } from './raw-sheet.js';
import type { RawRow } from './raw-row.js';
import { assembleTable } from './assemble-table.js';
import { DEFAULT_WORKBOOK_LIMITS, type WorkbookLimits } from './check-workbook-file.js';
import { sourceError } from './source-error.js';
import { isMgeError } from '../errors/mge-error.js';
import { readXlsxMerges } from './read-xlsx-merges.js';
import { openXlsxPackage, readParts, type XlsxPackage } from './xlsx/open-xlsx-package.js';
import { readXlsxStyles } from './xlsx/read-xlsx-styles.js';
import { readSharedStrings } from './xlsx/read-shared-strings.js';
import { readSheetRows } from './xlsx/read-sheet-rows.js';
import type { CellFormat, NumberFormats } from './xlsx/classify-number-format.js';
import type { ZipEntry } from './read-zip-directory.js';

/**
 * Opens one sheet of an .xlsx/.xlsm as a table (see {@link openXlsxRawSheet} for the reading, and
 * `assembleTable` for the header). Merged ranges are read only for multi-row headers.
 * @throws MgeError `SOURCE_SHEET_NOT_FOUND` (hint lists the sheets), `SOURCE_CORRUPT`,
 *   `SOURCE_ENCRYPTED`, `SOURCE_TOO_LARGE`, and the header errors of `assembleTable`.
 */
export async function openXlsx(
  file: string,
  options: SourceOptions = {},
  limits: WorkbookLimits = DEFAULT_WORKBOOK_LIMITS,
): Promise<TableSource> {
  const sheet = await openXlsxRawSheet(file, options.sheet ?? 1, limits);
  let merges;
  if ((options.headerRows ?? 1) > 1) {
    const part = sheet.part;
    merges = part === undefined ? undefined : await readXlsxMerges(file, part, limits).catch(() => undefined);
  }
  return assembleTable(
    {
      file,
      sheet: sheet.name,
      rows: sheet.rows()[Symbol.asyncIterator](),
      merges,
      close: () => sheet.close(),
      readFraction: () => sheet.readFraction(),
    },
    options,
  );
}

/** Sheets that are not worksheets, in words. */
const SHEET_KINDS: Readonly<Record<string, string>> = {
  chartsheet: 'a chart sheet',
  dialogsheet: 'a dialog sheet',
  xlMacrosheet: 'an Excel 4 macro sheet',
  xlIntlMacrosheet: 'an Excel 4 macro sheet',
};

/** An xlsx sheet, with the zip entry its XML is in. */
export interface XlsxRawSheet extends RawSheet {
  readonly part: ZipEntry | undefined;
  readFraction(): number;
}

/** What a sheet is read with, besides the package. */
interface SheetParts {
  readonly entry: ZipEntry | undefined;
  readonly styles: CellFormat[];
  readonly sharedStrings: string[];
  readonly formats: NumberFormats;
}

/**
 * Opens one sheet of an .xlsx/.xlsm with the project's own streaming reader. The package is followed
 * as OPC says (relationship targets relative or absolute, any part names), the workbook's date
 * system and each cell's type and number format are applied as ECMA-376 defines them
 * (`xlsxCellValue`), and only the parts read are checked and inflated (`checkWorkbookFile`'s limits).
 * Memory: the shared strings, once, and a chunk of sheet XML at a time.
 * @param sheet a sheet name, or its 1-based position in the workbook.
 */
export async function openXlsxRawSheet(
  file: string,
  sheet: string | number,
  limits: WorkbookLimits = DEFAULT_WORKBOOK_LIMITS,
): Promise<XlsxRawSheet> {
  let pkg: XlsxPackage;
  try {
    pkg = await openXlsxPackage(file, limits);
  } catch (error) {
    throw corrupt(file, error);
  }
  const names = pkg.sheets.map((s) => s.name);
  const found = typeof sheet === 'number' ? pkg.sheets[sheet - 1] : pkg.sheets.find((s) => s.name === sheet);
  if (!found) {
    throw sourceError(
      'SOURCE_SHEET_NOT_FOUND',
      typeof sheet === 'number' ? `the workbook has no sheet number ${sheet}` : `the workbook has no sheet "${sheet}"`,
      { file, sheet: String(sheet) },
      names.length > 0 ? `the sheets are: ${names.map((n, i) => `${i + 1}. "${n}"`).join(', ')}` : 'the workbook holds no readable sheets',
    );
  }
  if (found.kind !== 'worksheet') {
    throw sourceError(
      'SOURCE_SHEET_NOT_FOUND',
      `the sheet "${found.name}" is ${SHEET_KINDS[found.kind] ?? `a ${found.kind}`}, with no cells to read`,
      { file, sheet: found.name },
      `the sheets are: ${names.map((n, i) => `${i + 1}. "${n}"`).join(', ')}`,
    );
  }
  const wanted = [found.part, pkg.sharedStringsPart, pkg.stylesPart].filter((p): p is string => p !== undefined);
  let context: SheetParts;
  try {
    const parts = await readParts(file, limits, wanted);
    const formats = await loadNumberFormats();
    const entry = found.part === undefined ? undefined : parts.get(found.part.toLowerCase());
    context = {
      entry,
      styles: await readXlsxStyles(file, pkg.stylesPart === undefined ? undefined : parts.get(pkg.stylesPart.toLowerCase()), formats),
      sharedStrings: await readSharedStrings(
        file,
        pkg.sharedStringsPart === undefined ? undefined : parts.get(pkg.sharedStringsPart.toLowerCase()),
      ),
      formats,
    };
  } catch (error) {
    throw corrupt(file, error);
  }
  const progress = { bytes: 0 };
  const size = context.entry?.uncompressedSize ?? 0;
  let closed = false;
  const sheetName = found.name;
  // The generator being read, so that close() can end it: its finally releases the inflate stream
  // and the file, which would otherwise wait for the garbage collector after an early stop.
  let reading: AsyncGenerator<RawRow[]> | undefined;
  async function* read(entry: ZipEntry, parts: SheetParts): AsyncGenerator<RawRow[]> {
    try {
      yield* readSheetRows(entry, {
        file,
        sheetName,
        styles: parts.styles,
        sharedStrings: parts.sharedStrings,
        date1904: pkg.date1904,
        formats: parts.formats,
        maxSpan: limits.maxSpan,
        progress,
      });
    } catch (error) {
      throw corrupt(file, error, sheetName);
    }
  }
  return {
    name: sheetName,
    sheetNames: names,
    part: context.entry,
    rows: () => {
      if (context.entry === undefined || closed) return (async function* () {})();
      reading = read(context.entry, context);
      return reading;
    },
    close: async () => {
      closed = true;
      await reading?.return(undefined);
    },
    readFraction: () => (size > 0 ? Math.min(1, progress.bytes / size) : 0),
  };
}

/** The sheet names of an .xlsx/.xlsm, in workbook order. */
export async function listXlsxSheetNames(file: string, limits: WorkbookLimits = DEFAULT_WORKBOOK_LIMITS): Promise<string[]> {
  return (await openXlsxPackage(file, limits)).sheets.map((s) => s.name);
}

/** SheetJS's number-format module, loaded on first use: SheetJS is large and most runs read CSV. */
async function loadNumberFormats(): Promise<NumberFormats> {
  const XLSX = await import('@e965/xlsx');
  return XLSX.SSF as NumberFormats;
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
