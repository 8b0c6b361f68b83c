import { MgeError } from '../errors/mge-error.js';

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

/**
 * Turns the problems of a mapping into one run-level error for the CLI (exit code 2), keeping every
 * problem in `details.problems` so all of them can be printed at once.
 */
export function mappingInvalidError(file: string, problems: readonly MappingProblem[]): MgeError {
  const first = problems[0];
  const lines = problems.map((p) => {
    const hint = p.suggestions && p.suggestions.length > 0 ? ` (did you mean ${p.suggestions.map((s) => `"${s}"`).join(', ')}?)` : '';
    return `${file}:${p.line}:${p.col} ${p.code} ${p.message}${hint}`;
  });
  return new MgeError('mapping', 'MAPPING_INVALID', `the mapping has ${problems.length} problem(s):\n${lines.join('\n')}`, {
    location: first === undefined ? { file } : { file, row: first.line, col: first.col, field: first.path },
    hint: 'Fix every listed line of the mapping, then run the command again.',
    details: { problems },
  });
}
