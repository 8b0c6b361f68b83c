import type { CellValue, SourceHeader, SourceRow } from '../../src/sources/source-types.js';

/** Column letters A, B, …, Z, AA, … */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** A header and rows built from plain arrays (header on line 1, data from line 2). */
export function rowsFromArrays(file: string, names: string[], data: CellValue[][], sheet?: string): { header: SourceHeader; rows: SourceRow[] } {
  const header: SourceHeader = { file, sheet, row: 1, names, columns: names.map((_n, i) => columnLetter(i)) };
  const rows = data.map((values, i) => ({ header, rowNumber: i + 2, values: names.map((_n, j) => values[j] ?? null), issues: [] }));
  return { header, rows };
}

/** Rows as an async iterable, as readers stream them. */
export async function* streamOf<T>(items: readonly T[]): AsyncIterable<T> {
  for (const item of items) yield item;
}
