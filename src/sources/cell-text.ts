import type { CellValue } from './source-types.js';

/** The text a header cell shows, whitespace collapsed (newlines inside a header cell are layout). */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim();
  if (typeof value === 'object') return value.iso;
  return String(value);
}

/** True when a cell holds nothing (`null`, `''` or only whitespace). */
export function isEmptyCell(value: CellValue | undefined): boolean {
  if (value === null || value === undefined) return true;
  return typeof value === 'string' && value.trim() === '';
}
