import type { CellValue, SourceRow } from '../../sources/source-types.js';
import type { RowProblem } from '../../template/record-types.js';
import { cellLocation } from '../compile/row-context.js';

function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return value.iso;
  return typeof value === 'string' ? value.trim() : String(value);
}

/**
 * `GROUP_CONFLICT` for each continuation-row cell whose value differs from the one the record keeps
 * (the first row's in `columns`, the first filled in `firstFilled`), which would be lost without a word.
 */
export function groupConflicts(rows: readonly SourceRow[], columns: readonly number[], firstFilled: readonly number[] = []): RowProblem[] {
  const out: RowProblem[] = [];
  const first = rows[0];
  if (first === undefined || rows.length < 2) return out;
  const check = (column: number, keptAt: number): void => {
    const source = rows[keptAt]!;
    const kept = cellText(source.values[column]);
    for (let r = keptAt + 1; r < rows.length; r++) {
      const row = rows[r]!;
      const found = cellText(row.values[column]);
      if (found === '' || found === kept) continue;
      out.push({
        code: 'GROUP_CONFLICT',
        message: `this row continues the group of row ${first.rowNumber}; the record keeps the value of row ${source.rowNumber} here`,
        location: cellLocation(row.header, row.rowNumber, column),
        field: undefined,
        expected: kept === '' ? `empty, as in row ${source.rowNumber}` : `${kept} (as in row ${source.rowNumber})`,
        found,
      });
    }
  };
  for (const column of columns) check(column, 0);
  for (const column of firstFilled) {
    const at = rows.findIndex((row) => cellText(row.values[column]) !== '');
    if (at >= 0) check(column, at);
  }
  return out;
}
