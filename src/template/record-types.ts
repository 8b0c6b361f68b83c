/**
 * A platform data record (the upload body of `POST data/full`, docs/platform.md#the-record)
 * and the per-row problems found while building and checking it.
 */

/** Width of the `meta.source.methods` bit mask (3 per the spec, 4 for newer v2 servers). */
export type MethodsWidth = 3 | 4;

/** `meta.source`: `10` self-produced or `01` excerpted; `methods` a 0/1 mask (computation, experiment, production[, other]). */
export interface RecordSource {
  readonly source: string;
  readonly methods: string;
  readonly reference?: string;
}

/** The meta keys the v2 platform reads (docs/platform.md#meta). Anything else would be dropped, so nothing else is sent. */
export interface RecordMeta {
  readonly tid: number;
  readonly title: string;
  readonly abstract: string;
  /** Sent as an array: a string would be split on spaces by the platform (docs/platform.md#meta). */
  readonly keywords: readonly string[];
  readonly source: RecordSource;
  readonly doi?: string;
  readonly other_info?: { readonly project?: string; readonly subject?: string };
  readonly institution?: string;
  readonly contributor?: string;
  readonly public?: boolean;
  /** Years until public; always sent (absent makes the v2 insert fail). */
  readonly public_date: number;
  /** 0 public, 1 project, 2 subject, 3 person; always sent. */
  readonly public_range: number;
}

/** JSON values as they appear in `content`. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

export interface PlatformRecord {
  readonly meta: RecordMeta;
  readonly content: { readonly [field: string]: JsonValue };
}

/** Where in the input a row problem sits. */
export interface RowLocation {
  readonly file: string;
  readonly sheet: string | undefined;
  readonly row: number;
  /** Column letter, when one cell is at fault. */
  readonly column?: string;
  /** A1 reference (`D17`), when one cell is at fault. */
  readonly cell?: string;
  /** Header text of that column. */
  readonly header?: string;
}

/** One problem with one row: data, not an exception. */
export interface RowProblem {
  /** SCREAMING_SNAKE code, e.g. `VALUE_NOT_A_NUMBER`, `REQUIRED_MISSING`, `CHOICE_NOT_AN_OPTION`. */
  readonly code: string;
  readonly message: string;
  readonly location: RowLocation;
  /** Dotted field path (`content.化学成分[2].含量`, `meta.title`). */
  readonly field: string | undefined;
  /** What was expected, in words (`a number in MPa`, `one of 铸态, 锻态, 固溶, 固溶+时效`). */
  readonly expected: string | undefined;
  /** The value found, as text. */
  readonly found: string | undefined;
}
