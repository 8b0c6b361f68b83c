/**
 * Text a spreadsheet would take for a formula when it opens a CSV file (`=`, `+`, `-`, `@`, or a tab
 * or carriage return before one): `=HYPERLINK(...)` quoted from a platform's answer or a found value
 * would otherwise become a live formula in the curator's Excel.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text a spreadsheet reads as a number, not a formula, though it may start with a sign: `-0.88`,
 * `+1`, `-5%`, `-1,234.5`, `-1e-3`, `-.5`. Such a value is data, never altered.
 */
export const SIGNED_NUMBER = /^[+-]?(?=\.?\d)(?:\d{1,3}(?:,\d{3})+|\d*)(?:\.\d*)?(?:[eE][+-]?\d+)?%?$/;

/**
 * Makes text inert for a spreadsheet: a leading `'` before text that starts like a formula (the
 * spreadsheets' own way of saying "this is text"); a number (see {@link SIGNED_NUMBER}) and other text
 * are returned as they are. Only for columns written for people to read: a value meant to be fed back
 * must keep its exact text. The page's "Download CSV" applies the same two patterns in the browser
 * (src/report/html/page-script.ts).
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) && !SIGNED_NUMBER.test(text) ? `'${text}` : text;
}
