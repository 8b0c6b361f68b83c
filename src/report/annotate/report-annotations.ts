import path from 'node:path';
import type { RowProblem } from '../../template/record-types.js';
import { failureText } from '../export-failed-rows.js';
import type { ReportState } from '../fold-report.js';
import type { RowStatus } from './row-status.js';
import { ANNOTATE_PROBLEM_LIMIT } from './annotation-limit.js';

/** What a report says about one input: its problems on their cells and a status per row. */
export interface ReportAnnotations {
  /** The first {@link ANNOTATE_PROBLEM_LIMIT} problems: the ones the copy marks. */
  readonly problems: readonly RowProblem[];
  /** Every problem, with those not kept. */
  readonly problemCount: number;
  readonly statuses: readonly RowStatus[];
}

/** The input files the report's rows come from, as the runs named them. */
export function reportInputs(state: ReportState): readonly string[] {
  return [...new Set([...state.keys.values()].map((k) => k.location.file))];
}

/**
 * The annotations of `report --annotate` for one input (docs/platform-workbook.md → The annotated
 * copy): an invalid row's problems at their cells; a failed, uncertain or changed row as a problem
 * on its row (the platform's answer, the record it differs from); and every row's latest status.
 * `same(file)` tells whether a report location names the input. Problems past `limit` are counted,
 * not kept (every row's status is).
 */
export function reportAnnotations(state: ReportState, same: (file: string) => boolean, limit = ANNOTATE_PROBLEM_LIMIT): ReportAnnotations {
  const kept: RowProblem[] = [];
  let problemCount = 0;
  const problems = {
    push(...found: RowProblem[]): void {
      problemCount += found.length;
      if (kept.length < limit) kept.push(...found.slice(0, limit - kept.length));
    },
  };
  const statuses: RowStatus[] = [];
  for (const k of state.keys.values()) {
    if (!same(k.location.file)) continue;
    const where = { file: k.location.file, sheet: k.location.sheet, row: k.location.row, column: 'A', cell: `A${k.location.row}` };
    const status = (text: string): void => {
      statuses.push({ sheet: k.location.sheet, row: k.location.row, text });
    };
    switch (k.status) {
      case 'invalid':
        problems.push(...(k.problems ?? []));
        status(`invalid: ${(k.problems ?? []).length} problem(s)`);
        break;
      case 'failed':
      case 'uncertain': {
        const text = failureText(k);
        problems.push({
          code: k.failure?.code ?? (k.status === 'uncertain' ? 'UNCERTAIN' : 'FAILED'),
          message: `${k.status}: ${text}`,
          location: where,
          field: undefined,
          expected: 'stored on the platform',
          found: text,
        });
        status(`${k.status}: ${text}`);
        break;
      }
      case 'changed':
        problems.push({
          code: 'CHANGED',
          message: `the row differs from record ${k.uploaded?.id ?? '?'} uploaded for its key`,
          location: where,
          field: undefined,
          expected: `the content of record ${k.uploaded?.id ?? '?'}`,
          found: 'new content',
        });
        status(`changed: differs from record ${k.uploaded?.id ?? '?'}`);
        break;
      case 'uploaded':
        status(`uploaded: id ${k.uploaded?.id ?? '?'}`);
        break;
      default:
        break;
    }
  }
  return { problems: kept, problemCount, statuses };
}

/** Whether a report location (as the run named the file, from its working directory) is `input`. */
export function sameInput(cwd: string, input: string): (file: string) => boolean {
  const wanted = path.resolve(cwd, input);
  return (file) => path.resolve(cwd, file) === wanted;
}
