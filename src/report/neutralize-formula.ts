/**
 * Text a spreadsheet would take for a formula when it opens a CSV file (`=`, `+`, `-`, `@`, or a tab
 * or carriage return before one): `=HYPERLINK(...)` quoted from a platform's answer or a found value
 * would otherwise become a live formula in the curator's Excel.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Makes text inert for a spreadsheet: a leading `'` before text that starts like a formula (the
 * spreadsheets' own way of saying "this is text"); other text is returned as it is. Only for columns
 * written for people to read: a value meant to be fed back must keep its exact text.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
