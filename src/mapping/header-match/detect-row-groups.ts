import type { CellValue } from '../../sources/source-types.js';
import { cellText } from './column-profile.js';

/** Consecutive rows that make one record: the columns they share, and the columns that change within a record. */
export interface RowGroups {
  readonly keyColumns: readonly number[];
  readonly varying: readonly number[];
  readonly groups: number;
}

/** The most leading columns tried as the shared ones. */
const MOST_KEYS = 3;

/**
 * Detects a grouped layout: consecutive rows with the same values in the leading columns (or those
 * cells left empty below the first row, as merged cells read) make one record, with at least two
 * records of several rows and on average 1.5 rows or more per record, and some other column that
 * changes within a record. The fewest leading named columns that do so are the `groupBy` columns.
 */
export function detectRowGroups(names: readonly string[], rows: readonly (readonly CellValue[])[]): RowGroups | undefined {
  const start = names.findIndex((n) => n.trim() !== '');
  if (start < 0 || rows.length < 4) return undefined;
  for (let k = 1; k <= MOST_KEYS && start + k < names.length; k++) {
    const keyColumns = Array.from({ length: k }, (_v, i) => start + i);
    if (keyColumns.some((c) => names[c]!.trim() === '')) return undefined;
    const found = groupsBy(keyColumns, names.length, rows);
    if (found !== undefined) return found;
  }
  return undefined;
}

function groupsBy(keyColumns: readonly number[], width: number, rows: readonly (readonly CellValue[])[]): RowGroups | undefined {
  const groups: (readonly CellValue[])[][] = [];
  let current: string | undefined;
  for (const row of rows) {
    const texts = keyColumns.map((c) => cellText(row[c] ?? null));
    const key = JSON.stringify(texts);
    if (texts.every((t) => t === '') && groups.length > 0) groups[groups.length - 1]!.push(row);
    else if (key === current) groups[groups.length - 1]!.push(row);
    else {
      groups.push([row]);
      current = key;
    }
  }
  const several = groups.filter((g) => g.length >= 2).length;
  if (several < 2 || groups.length > rows.length / 1.5) return undefined;
  const varying: number[] = [];
  for (let c = 0; c < width; c++) {
    if (keyColumns.includes(c)) continue;
    const changes = groups.some((g) => new Set(g.map((r) => cellText(r[c] ?? null)).filter((t) => t !== '')).size > 1);
    if (changes) varying.push(c);
  }
  return varying.length > 0 ? { keyColumns, varying, groups: groups.length } : undefined;
}
