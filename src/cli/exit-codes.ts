import { isMgeError, type ErrorKind } from '../errors/mge-error.js';

/**
 * The exit codes, the CLI's contract with schedulers (README → Exit codes, docs/guarantees.md). The
 * library returns facts (a summary, an error); this module alone turns them into a code.
 */
export const EXIT = { ok: 0, rowsToCheck: 1, input: 2, aborted: 3, interrupted: 130 } as const;

/** Every error kind, by what a re-run needs: a fix of the input (2), or nothing but time or a fix outside (3). */
const BY_KIND: Readonly<Record<ErrorKind, number>> = {
  usage: EXIT.input,
  config: EXIT.input,
  mapping: EXIT.input,
  template: EXIT.input,
  source: EXIT.input,
  transient: EXIT.aborted,
  rejected: EXIT.aborted,
  fatal: EXIT.aborted,
  internal: EXIT.aborted,
};

/**
 * The exit code for an error that ended a command: 130 when the command was interrupted (whatever it
 * threw on the way out); else nothing was uploaded (usage, config, mapping, template, input: 2) or the
 * run was aborted mid-way and resumes (3). A bug is 3: the report is consistent and a re-run resumes.
 */
export function exitCodeForError(error: unknown, interrupted: boolean): number {
  if (interrupted) return EXIT.interrupted;
  return isMgeError(error) ? BY_KIND[error.kind] : EXIT.aborted;
}

/** What a run that ended without an error found, as `validate` and `ingest` (with `--dry-run` too) report it. */
export interface RunFacts {
  /** Stopped by SIGINT/SIGTERM after draining: resumable. */
  readonly interrupted: boolean;
  /**
   * Stopped early by a row limit (`--max-errors`, `--max-changes`): rows want a person's look and the
   * rest of the input was not read. A re-run without that look would stop again, so this is 1, not 3:
   * 3 means a scheduler may retry by itself.
   */
  readonly stoppedEarly: boolean;
  /** Rows to check: invalid, failed, uncertain, or changed and not uploaded (for `validate`: invalid). */
  readonly rowsToCheck: number;
}

/** 130 interrupted; 1 stopped early by a row limit or some rows to check; else 0 (nothing to do is 0 too). */
export function exitCodeForRun(facts: RunFacts): number {
  if (facts.interrupted) return EXIT.interrupted;
  return facts.stoppedEarly || facts.rowsToCheck > 0 ? EXIT.rowsToCheck : EXIT.ok;
}

/**
 * `report`: 1 when anything is outstanding now (rows invalid, failed, uncertain or changed; the
 * latest real run unfinished; reports that disagree on shards or keys), else 0
 * (docs/guarantees.md#exit-codes-for-a-scheduler).
 */
export function exitCodeForReport(summary: {
  readonly outstanding: number;
  readonly unfinished: unknown;
  readonly conflicts?: unknown;
}): number {
  return summary.outstanding > 0 || summary.unfinished !== undefined || summary.conflicts !== undefined ? EXIT.rowsToCheck : EXIT.ok;
}

/**
 * `validate --help`'s line of what a `--max-errors` stop means: validate has no `--max-changes`, so
 * its help does not name it.
 */
export const MAX_ERRORS_EPILOGUE =
  "A run stopped by --max-errors (MAX_ERRORS_REACHED) exits 1, like any run with invalid records: the rows want a person's look and the rest of the input was not read.";

/** The `--help` line of what a row-limit stop means, on every command that has one (README → Exit codes). */
export const ROW_LIMIT_EPILOGUE =
  "A run stopped by --max-errors (MAX_ERRORS_REACHED) or --max-changes (MAX_CHANGES_REACHED) exits 1, like any run with rows to check: the rows want a person's look, the rest of the input was not read, and re-running alone would stop again. Exit 3 is kept for what may pass by itself (token, platform, unknown outcomes in a row, the report lock lost), which a scheduler may retry.";
