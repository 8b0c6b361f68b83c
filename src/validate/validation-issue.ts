/** One way a record does not fit its template: data, reported per row. */
export interface ValidationIssue {
  /** `REQUIRED_MISSING`, `NOT_A_NUMBER`, `RANGE_SHAPE`, `CHOICE_NOT_AN_OPTION`, `UNKNOWN_KEY`, `META_…`, … */
  readonly code: string;
  /** Path in the record: `content.化学成分[2].含量`, `meta.title`. */
  readonly field: string;
  readonly expected: string;
  /** The value found, as text (`absent` when missing). */
  readonly found: string;
  readonly message: string;
}
