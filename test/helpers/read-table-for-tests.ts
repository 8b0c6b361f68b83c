import { columnLetter } from '../../src/sources/column-letter.js';
import type { CellValue, SourceHeader, SourceRow } from '../../src/sources/source-types.js';

/** A header and rows built from plain arrays (header on line 1, data from line 2). */
export function rowsFromArrays(
  file: string,
  names: string[],
  data: CellValue[][],
  sheet?: string,
): { header: SourceHeader; rows: SourceRow[] } {
  const header: SourceHeader = { file, sheet, row: 1, names, columns: names.map((_n, i) => columnLetter(i)) };
  const rows = data.map((values, i) => ({ header, rowNumber: i + 2, values: names.map((_n, j) => values[j] ?? null), issues: [] }));
  return { header, rows };
}
