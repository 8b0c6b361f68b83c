import type { RowProblem } from '../../template/record-types.js';
import type { ProblemsView, ProblemView, ValueCount } from './html-report-view.js';

/** Gathers problems as they come: keeps the first `limit` for the table, counts all of them. */
export interface ProblemCollector {
  add(problem: ProblemView): void;
  /** The problems of one row that did not map or validate (`stray`: a row of no record, shown without its key). */
  addRowProblems(
    problems: readonly RowProblem[],
    row: { readonly key: string; readonly hash: string; readonly stray?: boolean | undefined },
    fileName?: (file: string) => string,
  ): void;
  /** The view so far; `allRowsHint` says what to run for the rows beyond the limit. */
  view(allRowsHint: string): ProblemsView;
}

function counted(counts: ReadonlyMap<string, number>, records: ReadonlyMap<string, number>): ValueCount[] {
  return [...counts]
    .map(([value, count]) => ({ value, count, records: records.get(value) ?? 0 }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

/**
 * A collector keeping at most `limit` problems (memory stays bounded whatever the input) and counting
 * every problem, and the records they are in, by field and by code for the charts. A problem added
 * alone (`add`) is its record's only one.
 */
export function createProblemCollector(limit: number): ProblemCollector {
  const rows: ProblemView[] = [];
  const byField = new Map<string, number>();
  const byCode = new Map<string, number>();
  const recordsByField = new Map<string, number>();
  const recordsByCode = new Map<string, number>();
  let total = 0;
  const one = (counts: Map<string, number>, value: string): void => {
    counts.set(value, (counts.get(value) ?? 0) + 1);
  };
  const add = (problem: ProblemView): void => {
    total += 1;
    one(byField, problem.field ?? '');
    one(byCode, problem.code);
    if (rows.length < limit) rows.push(problem);
  };
  return {
    add(problem) {
      add(problem);
      one(recordsByField, problem.field ?? '');
      one(recordsByCode, problem.code);
    },
    addRowProblems(problems, row, fileName = (f) => f) {
      for (const field of new Set(problems.map((p) => p.field ?? ''))) one(recordsByField, field);
      for (const code of new Set(problems.map((p) => p.code))) one(recordsByCode, code);
      // Without a key in the mapping the key is the record hash: 64 hex digits that say nothing to a person.
      const key = row.key === row.hash || row.stray === true ? undefined : row.key;
      for (const p of problems) {
        const l = p.location;
        add({
          status: row.stray === true ? 'stray' : 'invalid',
          file: fileName(l.file),
          sheet: l.sheet,
          row: l.row,
          cell: l.cell,
          header: l.header,
          field: p.field,
          code: p.code,
          expected: p.expected,
          found: p.found,
          message: p.message,
          key,
        });
      }
    },
    view(allRowsHint) {
      return { rows, total, byField: counted(byField, recordsByField), byCode: counted(byCode, recordsByCode), allRowsHint };
    },
  };
}
