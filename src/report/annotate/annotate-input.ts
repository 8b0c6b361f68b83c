import type { RowProblem } from '../../template/record-types.js';
import type { RowStatuses } from './row-status.js';

/** What to annotate: the input file, every problem found in it, and the rows to mark. */
export interface AnnotateInput {
  /** The input as opened. */
  readonly file: string;
  /** The problems to mark: the first `ANNOTATE_PROBLEM_LIMIT` are, the rest only counted. */
  readonly problems: readonly RowProblem[];
  /**
   * Every problem found, with those the caller did not keep (`collectAnnotations`). @default the
   * number of `problems`
   */
  readonly problemCount?: number | undefined;
  /** The status column: a text for some rows. */
  readonly statuses: RowStatuses;
  /** Summary lines above the problem table (`records`, `invalid`, …). */
  readonly summary: readonly (readonly [string, string | number])[];
  /**
   * Where the input's header is (a mapping's `input.headerRow` below title rows), so the status
   * column is headed on that row. @default row 1 of every sheet
   */
  readonly header?: { readonly sheet: string | undefined; readonly row: number } | undefined;
  /**
   * Columns (0-based) the mapping reads as numbers (`CompiledMapping.numberColumns`): in the copy of a
   * CSV, their cells that hold exactly a number are number cells, not text. @default none
   */
  readonly numberColumns?: ReadonlySet<number> | undefined;
}
