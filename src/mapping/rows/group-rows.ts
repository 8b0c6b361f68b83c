import type { SourceRow } from '../../sources/source-types.js';
import { rowKey } from './row-key.js';

/**
 * Groups consecutive rows sharing `keyColumns`' values, holding only the current group; no key columns:
 * a group per row. All-empty key cells continue the group (blank under a merged key).
 */
export async function* groupRows(rows: AsyncIterable<SourceRow>, keyColumns: readonly number[]): AsyncIterable<SourceRow[]> {
  let group: SourceRow[] = [];
  let current = '';
  for await (const row of rows) {
    if (keyColumns.length === 0) {
      yield [row];
      continue;
    }
    const blank = keyColumns.every((i) => {
      const v = row.values[i];
      return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
    });
    const key = rowKey(row.values, keyColumns, '');
    if (group.length > 0 && (blank || key === current)) {
      group.push(row);
      continue;
    }
    if (group.length > 0) yield group;
    group = [row];
    current = key;
  }
  if (group.length > 0) yield group;
}
