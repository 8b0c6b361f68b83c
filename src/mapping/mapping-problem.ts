/** One problem with a mapping file, found before any row is read. */
export interface MappingProblem {
  /** `MAPPING_UNKNOWN_FIELD`, `MAPPING_REQUIRED_UNMAPPED`, `MAPPING_COLUMN_NOT_FOUND`, … */
  readonly code: string;
  readonly message: string;
  /** 1-based line and column in the mapping file (0 when the problem is the absence of something). */
  readonly line: number;
  readonly col: number;
  /** Dotted path in the mapping (`content.化学成分.rows[0].元素`). */
  readonly path: string;
  /** The template field concerned (`化学成分.元素`), when there is one. */
  readonly field?: string;
  /** Did-you-mean suggestions, closest first. */
  readonly suggestions?: readonly string[];
}
