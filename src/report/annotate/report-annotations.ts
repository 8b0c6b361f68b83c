import path from 'node:path';
import type { RowProblem } from '../../template/record-types.js';
import { failureText } from '../export-failed-rows.js';
import type { KeyState, ReportState } from '../fold-report.js';
import type { RowStatuses } from './row-status.js';
import { ANNOTATE_PROBLEM_LIMIT } from './annotation-limit.js';
import { indexRowStatuses } from './index-row-statuses.js';

/** What the annotations take besides the folded keys. */
export interface ReportAnnotationExtras {
  /** The latest run's rows of no record: one problem each, at its `数据ID` cell (the summary's `stray`). */
  readonly stray?: readonly RowProblem[] | undefined;
  /** A changed key's `fields that differ` (`changedFieldTexts`); without it the note names none. */
  readonly changedFields?: ((key: string) => string) | undefined;
}

/** What a report says about one input: its problems on their cells and a status per row. */
export interface ReportAnnotations {
  /** The first {@link ANNOTATE_PROBLEM_LIMIT} problems: the ones the copy marks. */
  readonly problems: readonly RowProblem[];
  /** Every problem, with those not kept. */
  readonly problemCount: number;
  /** Every row's latest status, its text made as the copy writes the row. */
  readonly statuses: RowStatuses;
}

/** The input files the report's rows come from, as the runs named them. */
export function reportInputs(state: ReportState): readonly string[] {
  return [...new Set([...state.keys.values()].map((k) => k.location.file))];
}

/** A key's status in the copy's status column; none for a key that has none to show. */
function statusText(k: KeyState, changedFields?: (key: string) => string): string | undefined {
  switch (k.status) {
    case 'invalid':
      return `invalid: ${(k.problems ?? []).length} problem(s)`;
    case 'failed':
    case 'uncertain':
      return `${k.status}: ${failureText(k)}`;
    case 'changed':
      return `changed: differs from record ${k.uploaded?.id ?? '?'}${changedFields === undefined ? '' : ` in ${changedFields(k.key)}`}`;
    case 'uploaded':
      return `uploaded: id ${k.uploaded?.id ?? '?'}`;
    default:
      return undefined;
  }
}

/** The keys of the input with a status to show, then its rows of no record. */
function* shownRows(state: ReportState, same: (file: string) => boolean, stray: readonly RowProblem[]): Iterable<KeyState | RowProblem> {
  for (const k of state.keys.values()) if (same(k.location.file) && statusText(k) !== undefined) yield k;
  for (const p of stray) if (same(p.location.file)) yield p;
}

/** A row of no record's status, as `validate --annotate` writes it. */
const STRAY_STATUS = 'no record: 1 problem(s)';

/** The problem a failed, uncertain or changed key is on its row; an invalid key's are its own. */
function keyProblems(k: KeyState, changedFields?: (key: string) => string): readonly RowProblem[] {
  const where = { file: k.location.file, sheet: k.location.sheet, row: k.location.row, column: 'A', cell: `A${k.location.row}` };
  switch (k.status) {
    case 'invalid':
      return k.problems ?? [];
    case 'failed':
    case 'uncertain': {
      const text = failureText(k);
      return [
        {
          code: k.failure?.code ?? (k.status === 'uncertain' ? 'UNCERTAIN' : 'FAILED'),
          message: `${k.status}: ${text}`,
          location: where,
          field: undefined,
          expected: 'stored on the platform',
          found: text,
        },
      ];
    }
    case 'changed':
      return [
        {
          code: 'CHANGED',
          message: `the row differs from record ${k.uploaded?.id ?? '?'} uploaded for its key`,
          location: where,
          field: undefined,
          expected: `the content of record ${k.uploaded?.id ?? '?'}`,
          found: changedFields === undefined ? 'new content' : `new content in ${changedFields(k.key)}`,
        },
      ];
    default:
      return [];
  }
}

/**
 * The annotations of `report --annotate` for one input (docs/platform-workbook.md → The annotated
 * copy): problems at their cells or rows (the latest run's rows of no record at their `数据ID` cells),
 * and every row's status as an index into the folded keys (a few bytes a row, not a text). Problems
 * past `limit` are counted, not kept.
 */
export function reportAnnotations(
  state: ReportState,
  same: (file: string) => boolean,
  limit = ANNOTATE_PROBLEM_LIMIT,
  extras: ReportAnnotationExtras = {},
): ReportAnnotations {
  const { stray = [], changedFields } = extras;
  const kept: RowProblem[] = [];
  let problemCount = 0;
  const keep = (found: readonly RowProblem[]): void => {
    problemCount += found.length;
    if (kept.length < limit) kept.push(...found.slice(0, limit - kept.length));
  };
  for (const k of state.keys.values()) if (same(k.location.file)) keep(keyProblems(k, changedFields));
  keep(stray.filter((p) => same(p.location.file)));
  const statuses = indexRowStatuses(
    shownRows(state, same, stray),
    (r) => r.location,
    (r) => ('status' in r ? (statusText(r, changedFields) ?? '') : STRAY_STATUS),
  );
  return { problems: kept, problemCount, statuses };
}

/** Whether a report location (as the run named the file, from its working directory) is `input`. */
export function sameInput(cwd: string, input: string): (file: string) => boolean {
  const wanted = path.resolve(cwd, input);
  // A report names few files, each on every row: each is resolved once.
  const known = new Map<string, boolean>();
  return (file) => {
    let same = known.get(file);
    if (same === undefined) known.set(file, (same = path.resolve(cwd, file) === wanted));
    return same;
  };
}
