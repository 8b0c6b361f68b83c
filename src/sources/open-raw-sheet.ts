import path from 'node:path';
import type { RawSheet } from './raw-sheet.js';
import { openSheetJsRawSheet } from './open-sheetjs.js';
import { openXlsxRawSheet } from './open-xlsx.js';
import { sourceError } from './source-error.js';

/**
 * One sheet of a workbook as raw rows by extension (`.xlsx .xlsm` our reader, `.xls .ods` SheetJS);
 * `sheet` a name or 1-based position.
 * @throws MgeError `SOURCE_UNSUPPORTED` for any other extension, and the reader's errors.
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
