import { openXlsx } from '../sources/open-xlsx.js';
import { SourceError } from '../sources/source-error.js';
import type { TableSource } from '../sources/source-types.js';

/** A sheet of the workbook, header on row 1; undefined when it is missing or empty. */
export async function openWorkbookSheet(file: string, sheet: string): Promise<TableSource | undefined> {
  try {
    return await openXlsx(file, { sheet, headerRow: 1 });
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
export async function openFirstSheet(file: string, names: readonly string[]): Promise<TableSource | undefined> {
  for (const name of names) {
    const t = await openWorkbookSheet(file, name);
    if (t !== undefined) return t;
  }
  return undefined;
}
