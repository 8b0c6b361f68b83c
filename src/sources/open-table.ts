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
 * Opens one input table by its extension: `.csv .tsv .txt` as delimited text, `.xlsx .xlsm` through
 * the project's own streaming reader, `.xls .ods` through SheetJS (whole file in memory, size-capped). The
 * header is read before the promise resolves; rows stream lazily. Close the table, or read its rows
 * to the end (or stop early: breaking out of the loop closes it too).
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
