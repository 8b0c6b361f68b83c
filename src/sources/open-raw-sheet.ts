import path from 'node:path';
import type { RawSheet } from './raw-sheet.js';
import { openSheetJsRawSheet } from './open-sheetjs.js';
import { openXlsxRawSheet } from './open-xlsx.js';
import { sourceError } from './source-error.js';

/**
 * One sheet of a workbook as raw rows (no header step), by the file's extension: `.xlsx .xlsm` through
 * the project's own reader, `.xls .ods` through SheetJS. `sheet` is a name or a 1-based position; `RawSheet.sheetNames` lists them all.
 * @throws MgeError `SOURCE_UNSUPPORTED` for any other extension ,
 *   and what the reader throws (`SOURCE_SHEET_NOT_FOUND`, `SOURCE_ENCRYPTED`, …).
 */
export async function openRawSheet(file: string, sheet: string | number): Promise<RawSheet> {
  const ext = path.extname(file).toLowerCase();
  switch (ext) {
    case '.xlsx':
    case '.xlsm':
      return openXlsxRawSheet(file, sheet);
    case '.xls':
    case '.ods':
      return openSheetJsRawSheet(file, sheet);
    default:
      throw sourceError(
        'SOURCE_UNSUPPORTED',
        `cannot read the raw rows of ${ext === '' ? 'a file without an extension' : `${ext} files`}`,
        { file },
        'raw rows are read from .xlsx, .xlsm, .xls and .ods files',
      );
  }
}
