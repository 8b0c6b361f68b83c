import type { CellValue } from '../../sources/source-types.js';

/**
 * The identity of a row across runs from its `key` columns: the values as a JSON array of texts
 * (`["GH4169","650"]`), which no separator inside a value can confuse. Without key columns, the hash.
 */
export function rowKey(values: readonly CellValue[], keyColumns: readonly number[], hash: string): string {
  if (keyColumns.length === 0) return hash;
  return JSON.stringify(
    keyColumns.map((i) => {
      const v = values[i] ?? null;
      if (v === null) return '';
      if (typeof v === 'object') return v.iso;
      return String(v).trim();
    }),
  );
}
