import type { RowProblem } from '../../template/record-types.js';
import { formatTable } from './format-table.js';

/** Options of {@link formatRowProblems}. */
export interface FormatRowProblemsOptions {
  /** Shows a file name as the user reads it (e.g. relative to the working directory). @default the name unchanged */
  readonly fileName?: (file: string) => string;
  /** Longest cell text before it is cut with `…`. @default 40 */
  readonly maxCell?: number;
}

function cut(text: string, max: number): string {
  const oneLine = text.replace(/\s*[\r\n]+\s*/g, ' ');
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

/**
 * Row problems as a table a curator can act on: file, `sheet!cell` (or `row N` when the whole row is
 * at fault), column header, field, code, expected and found.
 */
export function formatRowProblems(problems: readonly RowProblem[], options: FormatRowProblemsOptions = {}): string {
  const max = options.maxCell ?? 40;
  const name = options.fileName ?? ((f: string) => f);
  const rows = problems.map((p) => {
    const { location: l } = p;
    const where = l.cell === undefined ? `row ${l.row}` : l.sheet === undefined ? l.cell : `${l.sheet}!${l.cell}`;
    return [name(l.file), where, l.header ?? '', p.field ?? '', p.code, p.expected ?? '', p.found ?? ''].map((c) => cut(c, max));
  });
  return formatTable(['FILE', 'CELL', 'COLUMN', 'FIELD', 'CODE', 'EXPECTED', 'FOUND'], rows);
}
