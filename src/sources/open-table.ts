import path from 'node:path';
import type { ReadOptions, TableSource } from './source-types.js';
import type { SourceOptions } from './source-options.js';
import { openCsv } from './open-csv.js';
import { sourceError } from './source-error.js';

const DELIMITED_TEXT = new Set(['.csv', '.tsv', '.txt']);

/** Whether {@link openTable} reads `file` as delimited text (CSV/TSV), by its extension. */
export function isDelimitedText(file: string): boolean {
  return DELIMITED_TEXT.has(path.extname(file).toLowerCase());
}

/**
 * Opens one input table by extension (`.csv .tsv .txt`, `.xlsx .xlsm` streamed, `.xls .ods` through
 * SheetJS, size-capped); the header is read before it resolves, rows stream. Close it, or read or
 * break out of its rows.
 * @throws MgeError of kind `source` with a `SOURCE_*` code, the file (and sheet/row) and a hint.
 */
export async function openTable(file: string, options: SourceOptions = {}, read: ReadOptions = {}): Promise<TableSource> {
  if (isDelimitedText(file)) return openCsv(file, options, 'auto', read);
  const ext = path.extname(file).toLowerCase();
  switch (ext) {
    case '.xlsx':
    case '.xlsm':
      // The workbook readers (the xml parser, SheetJS) are loaded only for a workbook.
      return (await import('./open-xlsx.js')).openXlsx(file, options);
    case '.xls':
    case '.ods':
      return (await import('./open-sheetjs.js')).openSheetJs(file, options);
    default:
      throw sourceError(
        'SOURCE_UNSUPPORTED',
        ext === '' ? 'cannot tell the format of a file without an extension' : `cannot read ${ext} files`,
        { file },
        'use .csv, .tsv, .txt, .xlsx, .xlsm, .xls or .ods',
      );
  }
}
