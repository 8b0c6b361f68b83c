import type { RowLocation } from '../../template/record-types.js';

/**
 * A cell as a spreadsheet names it from outside its file: `data.csv!C2`, and for a workbook
 * `[data.xlsx]Sheet1!C2` (Excel's external reference; a sheet name with spaces or signs in quotes).
 * A location of a whole row is `data.csv!2:2`.
 */
export function cellReference(
  location: Pick<RowLocation, 'file' | 'sheet' | 'row' | 'cell'>,
  name: (file: string) => string = (file) => file,
): string {
  const cell = location.cell ?? `${location.row}:${location.row}`;
  const file = name(location.file);
  if (location.sheet === undefined) return `${file}!${cell}`;
  const book = `[${file}]${location.sheet}`;
  return /^[\p{L}\p{N}_.[\]/\\:-]+$/u.test(book) && !/[\s']/.test(book) ? `${book}!${cell}` : `'${book.replace(/'/g, "''")}'!${cell}`;
}
