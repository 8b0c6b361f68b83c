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
 * Detects a grouped layout: the fewest leading named columns whose equal (or blank, as merged cells
 * read) values make records of several rows (two or more, 1.5 rows each on average) while another
 * column changes within them. Rows repeated cell for cell and unnamed columns do not count.
 */
export function detectRowGroups(names: readonly string[], rows: readonly (readonly CellValue[])[]): RowGroups | undefined {
  const start = names.findIndex((n) => n.trim() !== '');
  if (start < 0 || rows.length < 4) return undefined;
  for (let k = 1; k <= MOST_KEYS && start + k < names.length; k++) {
    const keyColumns = Array.from({ length: k }, (_v, i) => start + i);
    if (keyColumns.some((c) => names[c]!.trim() === '')) return undefined;
    const found = groupsBy(keyColumns, names, rows);
    if (found !== undefined) return found;
  }
  return undefined;
}

function groupsBy(keyColumns: readonly number[], names: readonly string[], rows: readonly (readonly CellValue[])[]): RowGroups | undefined {
  const width = names.length;
  // Only named columns tell rows apart: an unnamed one is most often a row index, which differs on
  // every row, a repeated row's too.
  const named = Array.from({ length: width }, (_v, c) => c).filter((c) => names[c]!.trim() !== '');
  const groups: (readonly CellValue[])[][] = [];
  // The rows of the current group as text, to leave out a row that repeats one of them cell for cell:
  // a dataset that holds a row twice is not a record over two rows.
  let seen = new Set<string>();
  let kept = 0;
  let current: string | undefined;
  for (const row of rows) {
    const texts = keyColumns.map((c) => cellText(row[c] ?? null));
    const key = JSON.stringify(texts);
    const whole = JSON.stringify(named.map((c) => cellText(row[c] ?? null)));
    if ((texts.every((t) => t === '') && groups.length > 0) || key === current) {
      if (seen.has(whole)) continue;
      groups[groups.length - 1]!.push(row);
    } else {
      groups.push([row]);
      current = key;
      seen = new Set();
    }
    seen.add(whole);
    kept++;
  }
  const several = groups.filter((g) => g.length >= 2).length;
  if (several < 2 || groups.length > kept / 1.5) return undefined;
  const varying: number[] = [];
  for (const c of named) {
    if (keyColumns.includes(c)) continue;
    const changes = groups.some((g) => new Set(g.map((r) => cellText(r[c] ?? null)).filter((t) => t !== '')).size > 1);
    if (changes) varying.push(c);
  }
  return varying.length > 0 ? { keyColumns, varying, groups: groups.length } : undefined;
}
