import { MgeError, type MgeErrorOptions } from '../errors/mge-error.js';
import type { MappingProblem } from './mapping-problem.js';

/**
 * Error codes of the mapping file, all of kind `mapping` (exit 2, nothing uploaded): unreadable, unusable,
 * past a tree bound, or `MAPPING_INVALID` with every problem in {@link MappingInvalidError.problems}.
 */
export type MappingErrorCode =
  | 'MAPPING_NOT_FOUND'
  | 'MAPPING_UNREADABLE'
  | 'MAPPING_TOO_LARGE'
  | 'MAPPING_YAML_SYNTAX'
  | 'MAPPING_NOT_AN_OBJECT'
  | 'MAPPING_NO_TEMPLATE'
  | 'MAPPING_TOO_DEEP'
  | 'MAPPING_ALIAS_EXPANSION'
  | 'MAPPING_INVALID';

/** A mapping file that cannot be used: always kind `mapping`, with the place in the file when known. */
export class MappingError extends MgeError<MappingErrorCode> {
  constructor(code: MappingErrorCode, message: string, options: MgeErrorOptions = {}) {
    super('mapping', code, message, options);
  }
}

/** `file:line:col CODE message (did you mean …?)`, one line per problem. */
function problemLines(file: string, problems: readonly MappingProblem[]): string[] {
  return problems.map((p) => {
    // Each quoted as JSON, which is YAML's double-quoted scalar: pasted into the mapping, it reads back as written.
    const hint =
      p.suggestions && p.suggestions.length > 0 ? ` (did you mean ${p.suggestions.map((s) => JSON.stringify(s)).join(', ')}?)` : '';
    return `${file}:${p.line}:${p.col} ${p.code} ${p.message}${hint}`;
  });
}

/**
 * `MAPPING_INVALID`: every problem of a mapping found before any row is read (against the template,
 * then against each input's header), in one error so all of them are printed at once. Located at the
 * first problem.
 */
export class MappingInvalidError extends MappingError {
  /** Every problem, in the order of the mapping's lines (file by file for column problems). */
  readonly problems: readonly MappingProblem[];

  constructor(file: string, problems: readonly MappingProblem[]) {
    const first = problems[0];
    super('MAPPING_INVALID', `the mapping has ${problems.length} problem(s):\n${problemLines(file, problems).join('\n')}`, {
      location: first === undefined ? { file } : { file, row: first.line, col: first.col, field: first.path },
      hint: 'Fix every listed line of the mapping, then run the command again.',
    });
    this.problems = problems;
  }
}
