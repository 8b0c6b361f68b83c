import type { RowProblem } from '../../template/record-types.js';
import type { RowStatus, RowStatuses } from './row-status.js';
import { listedRowStatuses } from './index-row-statuses.js';

/**
 * Problems the annotated copy marks; those past it are counted. Each marked problem is held until the
 * copy is written (~0.5 KB): this keeps `--annotate` under 250 MiB (`bench/annotate.bench.mjs`
 * measured ~200 MiB at 10^6 problems).
 */
export const ANNOTATE_PROBLEM_LIMIT = 10_000;

/** The problems and row statuses of an annotated copy, collected as rows are validated. */
export interface AnnotationCollector {
  /** Takes one row's problems and status: held while fewer than the limit are, else only counted. */
  add(problems: readonly RowProblem[], status: RowStatus): void;
  /** The problems held (at most the limit), in the order added. */
  readonly problems: readonly RowProblem[];
  /** The statuses of the rows whose problems are held. */
  readonly statuses: RowStatuses;
  /** Every problem added, held or not. */
  readonly count: number;
}

/** Collects at most `limit` problems (and their rows' statuses), counting the rest. */
export function collectAnnotations(limit = ANNOTATE_PROBLEM_LIMIT): AnnotationCollector {
  const problems: RowProblem[] = [];
  const statuses: RowStatus[] = [];
  let count = 0;
  return {
    add(rowProblems, status) {
      count += rowProblems.length;
      const room = limit - problems.length;
      if (room <= 0) return;
      problems.push(...rowProblems.slice(0, room));
      statuses.push(status);
    },
    problems,
    get statuses() {
      return listedRowStatuses(statuses);
    },
    get count() {
      return count;
    },
  };
}
