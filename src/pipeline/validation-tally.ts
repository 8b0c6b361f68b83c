import type { MappedRow } from '../mapping/rows/mapped-row.js';
import type { EarlyStop } from '../report/report-lines.js';
import type { ValidationSummary } from '../report/validation-summary.js';

/** Counts mapped rows as they pass; {@link ValidationTally.summary} gives the totals at any time. */
export interface ValidationTally {
  add(row: MappedRow): void;
  /** Counts one more input file. */
  addFile(): void;
  readonly invalid: number;
  /** The totals so far; `stoppedBy` is the run's (the tally only counts). */
  summary(stoppedBy?: EarlyStop): ValidationSummary;
}

/** A fresh tally. */
export function createValidationTally(): ValidationTally {
  let files = 0;
  let records = 0;
  let rows = 0;
  let invalid = 0;
  let duplicate = 0;
  let stray = 0;
  const byCode = new Map<string, number>();
  const problemsByCode = new Map<string, number>();
  return {
    add(row) {
      rows += row.rowNumbers.length;
      for (const { code } of row.problems) problemsByCode.set(code, (problemsByCode.get(code) ?? 0) + 1);
      // Rows of no record are no record, valid or invalid: only their rows and problems count.
      if (row.stray === true) {
        stray += row.rowNumbers.length;
        return;
      }
      records++;
      if (row.duplicate === true) duplicate++;
      if (row.problems.length === 0) return;
      invalid++;
      for (const code of new Set(row.problems.map((p) => p.code))) byCode.set(code, (byCode.get(code) ?? 0) + 1);
    },
    addFile() {
      files++;
    },
    get invalid() {
      return invalid;
    },
    summary(stoppedBy) {
      const sorted = (counts: Map<string, number>): Record<string, number> =>
        Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      return {
        files,
        records,
        rows,
        valid: records - invalid - duplicate,
        invalid,
        duplicate,
        stray,
        invalidByCode: sorted(byCode),
        problemsByCode: sorted(problemsByCode),
        stoppedBy,
      };
    },
  };
}
