import type { TableSource } from './source-types.js';
import type { SourceOptions } from './source-options.js';
import { assembleTable } from './assemble-table.js';
import { DEFAULT_WORKBOOK_LIMITS, type WorkbookLimits } from './check-workbook-file.js';
import { readXlsxMerges } from './read-xlsx-merges.js';
import { openXlsxPackage } from './xlsx/open-xlsx-package.js';
import { openXlsxBook, type XlsxBook, type XlsxRawSheet } from './open-xlsx-book.js';

export type { XlsxBook, XlsxRawSheet } from './open-xlsx-book.js';

/**
 * Opens one sheet of an .xlsx/.xlsm as a table (see {@link openXlsxBook} for the reading, and
 * `assembleTable` for the header). Merged ranges are read only for multi-row headers.
 * @throws MgeError `SOURCE_SHEET_NOT_FOUND` (hint lists the sheets), `SOURCE_CORRUPT`,
 *   `SOURCE_ENCRYPTED`, `SOURCE_TOO_LARGE`, and the header errors of `assembleTable`.
 */
export async function openXlsx(
  file: string,
  options: SourceOptions = {},
  limits: WorkbookLimits = DEFAULT_WORKBOOK_LIMITS,
): Promise<TableSource> {
  return openXlsxTable(await openXlsxBook(file, limits), options);
}

/** One sheet of a workbook opened once for several ({@link openXlsxBook}) as a table, as {@link openXlsx} opens it. */
export async function openXlsxTable(book: XlsxBook, options: SourceOptions = {}): Promise<TableSource> {
  const sheet = await book.rawSheet(options.sheet ?? 1);
  let merges;
  if ((options.headerRows ?? 1) > 1) {
    const part = sheet.part;
    merges = part === undefined ? undefined : await readXlsxMerges(book.file, part, book.limits).catch(() => undefined);
  }
  return assembleTable(
    {
      file: book.file,
      sheet: sheet.name,
      rows: sheet.rows()[Symbol.asyncIterator](),
      merges,
      close: () => sheet.close(),
      readFraction: () => sheet.readFraction(),
    },
    options,
  );
}

/**
 * Opens one sheet of an .xlsx/.xlsm with the project's own streaming reader (see {@link openXlsxBook}).
 * @param sheet a sheet name, or its 1-based position in the workbook.
 */
export async function openXlsxRawSheet(
  file: string,
  sheet: string | number,
  limits: WorkbookLimits = DEFAULT_WORKBOOK_LIMITS,
): Promise<XlsxRawSheet> {
  return (await openXlsxBook(file, limits)).rawSheet(sheet);
}

/** The sheet names of an .xlsx/.xlsm, in workbook order. */
export async function listXlsxSheetNames(file: string, limits: WorkbookLimits = DEFAULT_WORKBOOK_LIMITS): Promise<string[]> {
  return (await openXlsxPackage(file, limits)).sheets.map((s) => s.name);
}
