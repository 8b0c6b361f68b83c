import type { CellValue } from './source-types.js';

/**
 * The text a header cell shows, whitespace collapsed (newlines inside a header cell are layout); a
 * number with at most 15 significant digits, as Excel shows it (0.1 + 0.2 is `0.3`, not
 * `0.30000000000000004`).
 */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim();
  if (typeof value === 'object') return value.iso;
  if (typeof value === 'number') return String(Number(value.toPrecision(15)));
  return String(value);
}

/** True when a cell holds nothing (`null`, `''` or only whitespace). */
export function isEmptyCell(value: CellValue | undefined): boolean {
  if (value === null || value === undefined) return true;
  return typeof value === 'string' && value.trim() === '';
}
