/**
 * The one error taxonomy: a run-level problem throws an {@link MgeError}, a rejected row is data (a
 * {@link RowProblem}). Kinds: `usage`, `config`, `mapping`, `template`, `source` (exit 2); `transient`
 * (may pass, retried where safe), `rejected` (will not), `fatal` (the run cannot go on), `internal` (a
 * bug); exit codes in ARCHITECTURE.md → "Invariants".
 */
export type ErrorKind = 'usage' | 'config' | 'mapping' | 'template' | 'source' | 'transient' | 'rejected' | 'fatal' | 'internal';

/** Where a problem is: any subset of these, from the most to the least specific. */
export interface ErrorLocation {
  /** Input, mapping or config file, as the user named it. */
  readonly file?: string;
  /** Sheet name for workbooks. */
  readonly sheet?: string;
  /** 1-based row number as a spreadsheet shows it, or the line of a text file. */
  readonly row?: number;
  /** 1-based column within a line (for YAML and CSV syntax errors). */
  readonly col?: number;
  /** Column letter (`D`) of a spreadsheet cell. */
  readonly column?: string;
  /** A1 cell reference (`D17`). */
  readonly cell?: string;
  /** Header text of the column. */
  readonly header?: string;
  /** Dotted path of a template field or of a mapping key (`content.化学成分.含量`). */
  readonly field?: string;
  /** API endpoint, e.g. `GET templates/101` (never with credentials). */
  readonly endpoint?: string;
}

export interface MgeErrorOptions {
  readonly location?: ErrorLocation | undefined;
  /** What the user can do about it. */
  readonly hint?: string | undefined;
  readonly cause?: unknown;
  /**
   * Extra facts for logs and `--json` (HTTP status, a lock's holder, …): written, never read back by
   * the code. A fact the code needs is a typed field of the area's subclass.
   */
  readonly details?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * A run-level error. `C` narrows the code to an area's union (`MappingErrorCode`, `PlatformErrorCode`,
 * …): each area's errors are a subclass that fixes the kind by code and carries its facts as typed
 * fields, so no caller reads them back out of `details` with a cast.
 */
export class MgeError<C extends string = string> extends Error {
  readonly kind: ErrorKind;
  /** A stable SCREAMING_SNAKE code; tests and scripts branch on it, never on the message. */
  readonly code: C;
  readonly location: ErrorLocation | undefined;
  readonly hint: string | undefined;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(kind: ErrorKind, code: C, message: string, options: MgeErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    // Each area's subclass reads as its own name (`MappingInvalidError`, …) in a stack and a log.
    this.name = new.target.name;
    this.kind = kind;
    this.code = code;
    this.location = options.location;
    this.hint = options.hint;
    this.details = options.details ?? {};
  }
}

/** True for an {@link MgeError} (optionally of one kind). */
export function isMgeError(value: unknown, kind?: ErrorKind): value is MgeError {
  return value instanceof MgeError && (kind === undefined || value.kind === kind);
}
