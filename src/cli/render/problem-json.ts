import type { RowProblem } from '../../template/record-types.js';
import { cellReference } from './cell-reference.js';

/** One row problem as `--json` prints it: the code, the message, and its place as fields and as one reference. */
export function problemJson(p: RowProblem, name: (file: string) => string = (file) => file): Record<string, unknown> {
  const l = p.location;
  return {
    code: p.code,
    message: p.message,
    at: cellReference(l, name),
    file: name(l.file),
    sheet: l.sheet,
    row: l.row,
    cell: l.cell,
    header: l.header,
    field: p.field,
    expected: p.expected,
    found: p.found,
  };
}
