import type { RowProblem } from '../../template/record-types.js';

/** The sheet listing every problem, first in the copy. */
export const PROBLEMS_SHEET = 'Problems';
/** Header of the column added to a sheet for the rows' status. */
export const STATUS_HEADER = 'mge-ingest status';
/** The fill of a cell with a problem (docs/platform-workbook.md → The annotated copy). */
export const WARNING_FILL = 'FFFFC7CE';

/** The note on a cell: each of its problems' code, message, field, expected and found. */
export function noteOf(problems: readonly RowProblem[]): string {
  return problems
    .map((p) =>
      [
        `${p.code}: ${p.message}`,
        p.field === undefined ? undefined : `field: ${p.field}`,
        p.expected === undefined ? undefined : `expected: ${p.expected}`,
        p.found === undefined ? undefined : `found: ${p.found}`,
      ]
        .filter((l) => l !== undefined)
        .join('\n'),
    )
    .join('\n\n');
}
