import { openXlsxTable, type XlsxBook } from '../sources/open-xlsx.js';
import { SourceError } from '../sources/source-error.js';
import type { TableSource } from '../sources/source-types.js';

/** A sheet of the workbook, header on row 1; undefined when it is missing or empty. */
export async function openWorkbookSheet(book: XlsxBook, sheet: string): Promise<TableSource | undefined> {
  // Asked for every sheet number the layout might use: a name the workbook lacks is known from its list.
  if (!book.sheetNames.includes(sheet)) return undefined;
  try {
    return await openXlsxTable(book, { sheet, headerRow: 1 });
  } catch (error) {
    if (
      error instanceof SourceError &&
      (error.code === 'SOURCE_SHEET_NOT_FOUND' || error.code === 'SOURCE_HEADER_NOT_FOUND' || error.code === 'SOURCE_EMPTY')
    )
      return undefined;
    throw error;
  }
}

/** The first of `names` the workbook has (the platform has used more than one name for a sheet). */
export async function openFirstSheet(book: XlsxBook, names: readonly string[]): Promise<TableSource | undefined> {
  for (const name of names) {
    const t = await openWorkbookSheet(book, name);
    if (t !== undefined) return t;
  }
  return undefined;
}
