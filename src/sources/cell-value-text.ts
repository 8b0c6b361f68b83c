import type { CellValue } from './source-types.js';

/**
 * A cell's value as text, the way the spreadsheet shows it and a curator would type it back: empty for
 * no value, dates as their wall-clock ISO text, numbers with at most 15 significant digits as Excel
 * shows them (a computed 0.1 + 0.2 is `0.3`, not `0.30000000000000004`).
 */
export function cellValueText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return value.iso;
  if (typeof value === 'number') return String(Number(value.toPrecision(15)));
  return String(value);
}
