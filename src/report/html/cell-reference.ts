/**
 * How the page names a cell: the file as the run named it, `!`, then for a workbook the sheet and `!`,
 * then the cell in A1 form: `steel.csv!D17`, `results.xlsx!Sheet1!B7`, `results.xlsx!'Tensile tests'!B7`.
 * A problem with the whole row (no single cell at fault) names the row as a spreadsheet's name box
 * reads it: `steel.csv!17:17`. The part after the file is what a curator types into the name box.
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
