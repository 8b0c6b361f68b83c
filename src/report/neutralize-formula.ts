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
 * Makes text inert for a spreadsheet (a leading `'` before formula-like text; numbers kept), only for
 * columns written for people: fed-back values keep their exact text. page-script.ts does the same.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) && !SIGNED_NUMBER.test(text) ? `'${text}` : text;
}
