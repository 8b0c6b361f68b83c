import { openTable } from '../../src/sources/open-table.js';
import { collect } from './iterables.js';

/** A one-sheet list (an xlsx the tool wrote) as header and rows, read by the project's own reader. */
export async function readXlsxList(file: string): Promise<{ header: readonly string[]; rows: unknown[][] }> {
  const table = await openTable(file, { headerRow: 1 });
  const rows = await collect(table.rows());
  return { header: table.header.names, rows: rows.map((row): unknown[] => [...row.values]) };
}
