import type { SourceRow } from '../../sources/source-types.js';
import { rowKey } from './row-key.js';

/**
 * Groups consecutive rows that share the values of `keyColumns` (indices into the header), streaming:
 * only the current group is held in memory. With no key columns every row is its own group. A row
 * whose key cells are all empty continues the current group (a curator leaves them blank under a
 * merged or repeated key).
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
