import type { MappedRow } from '../mapping/rows/mapped-row.js';
import type { EarlyStop } from '../report/report-lines.js';

/** What a map + validate run found, for the summary (`validate`, and the dry part of `ingest`). */
export interface ValidationSummary {
  /** Input files read (or opened before an early stop). */
  readonly files: number;
  /** Records built: one per row, or per group of rows with `groupBy`. */
  readonly records: number;
  /** Source rows read. */
  readonly rows: number;
  readonly valid: number;
  readonly invalid: number;
  /** Invalid records per problem code (a record with two codes counts under both), codes sorted. */
  readonly invalidByCode: Readonly<Record<string, number>>;
  /** Set when `--max-errors` stopped the run before the input ended (see `limitErrors`). */
  readonly stoppedBy: EarlyStop | undefined;
}

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
  const byCode = new Map<string, number>();
  return {
    add(row) {
      records++;
      rows += row.rowNumbers.length;
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
      const invalidByCode = Object.fromEntries([...byCode].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      return { files, records, rows, valid: records - invalid, invalid, invalidByCode, stoppedBy };
    },
  };
}
