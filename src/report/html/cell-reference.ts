/**
 * How the page names a cell, as a spreadsheet's name box reads it: `steel.csv!D17`,
 * `results.xlsx!'Tensile tests'!B7`, a whole row `steel.csv!17:17` (docs/html-report.md#cell-references).
 */

/** A sheet name as a spreadsheet formula writes it: quoted (inner quotes doubled) unless letters, digits, `_` and `.`. */
export function quoteSheet(sheet: string): string {
  return /^[\p{L}_][\p{L}\p{N}_.]*$/u.test(sheet) ? sheet : `'${sheet.replaceAll("'", "''")}'`;
}

/** The file and sheet part of a reference, ending in `!`: shared by every cell of one sheet. */
export function referencePrefix(file: string, sheet: string | undefined): string {
  return sheet === undefined ? `${file}!` : `${file}!${quoteSheet(sheet)}!`;
}

/** The cell part of a reference: the A1 cell, or `N:N` for the whole row `N`. */
export function referenceCell(cell: string | undefined, row: number): string {
  return cell ?? `${row}:${row}`;
}

/** A whole reference, e.g. `results.xlsx!Sheet1!B7` or `steel.csv!17:17`. */
export function cellReference(file: string, sheet: string | undefined, cell: string | undefined, row: number): string {
  return referencePrefix(file, sheet) + referenceCell(cell, row);
}
