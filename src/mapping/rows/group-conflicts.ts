import type { CellValue, SourceRow } from '../../sources/source-types.js';
import type { RowProblem } from '../../template/record-types.js';
import { cellLocation } from '../compile/row-context.js';

function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return value.iso;
  return typeof value === 'string' ? value.trim() : String(value);
}

/**
 * `GROUP_CONFLICT` for each cell of a continuation row (`groupBy`) that holds a value other than the
 * group's first row in a column read from the first row only: the record would keep the first value
 * and lose this one without a word. Empty continuation cells are the usual layout and pass.
 */
export function groupConflicts(rows: readonly SourceRow[], columns: readonly number[]): RowProblem[] {
  const out: RowProblem[] = [];
  const first = rows[0];
  if (first === undefined || rows.length < 2) return out;
  for (const column of columns) {
    const kept = cellText(first.values[column]);
    for (let r = 1; r < rows.length; r++) {
      const row = rows[r]!;
      const found = cellText(row.values[column]);
      if (found === '' || found === kept) continue;
      out.push({
        code: 'GROUP_CONFLICT',
        message: `this row continues the group of row ${first.rowNumber}, whose value here is the one the record keeps`,
        location: cellLocation(row.header, row.rowNumber, column),
        field: undefined,
        expected: kept === '' ? `empty, as in row ${first.rowNumber}` : `${kept} (as in row ${first.rowNumber})`,
        found,
      });
    }
  }
  return out;
}
