/**
 * What the HTML page shows, as plain data bounded when built ({@link HtmlLimits}), so rendering and
 * writing hold no more than the view; what was left out is counted.
 */

/** One number of the counts strip at the top. */
export interface StatusCount {
  /** A stable name (`uploaded`, `invalid`, `rows`, …): the page's `data-count` attribute. */
  readonly name: string;
  readonly label: string;
  readonly count: number;
  /** Color: `good` (uploaded, valid), `bad` (invalid, failed), `warn` (uncertain, changed), `plain`. */
  readonly tone: 'good' | 'bad' | 'warn' | 'plain';
}

/** An input of a run: sizes and hashes when the run recorded them. */
export interface InputView {
  readonly file: string;
  readonly size: number | undefined;
  readonly sha256: string | undefined;
}

/** How a run ended, as the report tells it. */
export interface RunOutcomeView {
  /** `finished`; `interrupted` (a signal); `stopped` (a fatal error or a row limit, `fatal` names its code); `no summary` (killed, or still running). */
  readonly state: 'finished' | 'interrupted' | 'stopped' | 'no summary';
  readonly fatal: string | undefined;
  /** Outcome lines of the run by type. */
  readonly counts: Readonly<Record<string, number>> | undefined;
  readonly rows: number | undefined;
  readonly durationMs: number | undefined;
}

/** One run (`report`) or the one check (`validate`), with what it was run with. */
export interface RunView {
  readonly title: string;
  readonly startedAt: string | undefined;
  readonly version: string | undefined;
  readonly mapping: { readonly file: string; readonly fingerprint: string | undefined };
  readonly template: { readonly id: number; readonly fingerprint: string; readonly from?: string };
  readonly inputs: readonly InputView[];
  /** Effective settings, each value as text (JSON for anything but a string). */
  readonly settings: readonly (readonly [string, string])[];
  readonly outcome: RunOutcomeView | undefined;
}

/** One problem of one row: a cell that did not validate, or a row the platform did not store. */
export interface ProblemView {
  /** The row's status: `invalid`, `failed`, `uncertain`, `stray` (a row of no record). */
  readonly status: string;
  readonly file: string;
  readonly sheet: string | undefined;
  readonly row: number;
  /** A1 cell; undefined when the whole row is at fault (failed and uncertain uploads, row-level problems). */
  readonly cell: string | undefined;
  readonly header: string | undefined;
  readonly field: string | undefined;
  readonly code: string;
  readonly expected: string | undefined;
  readonly found: string | undefined;
  /** The problem in words, or the platform's answer. */
  readonly message: string;
  /** The mapping's key of the row; undefined when the mapping has none (the key is then the record hash). */
  readonly key: string | undefined;
}

/** A count per value (field or code), most frequent first. */
export interface ValueCount {
  readonly value: string;
  /** Problems with this value. */
  readonly count: number;
  /** Records (rows, or `groupBy` groups) with at least one such problem: as `validate` and `report` count them. */
  readonly records: number;
}

/** The problems: the table's rows (the first `limit` by location) and counts over all of them. */
export interface ProblemsView {
  readonly rows: readonly ProblemView[];
  /** Every problem, shown or not. */
  readonly total: number;
  /** Over all problems; `''` stands for problems of no field (a row the platform refused, say). */
  readonly byField: readonly ValueCount[];
  readonly byCode: readonly ValueCount[];
  /** What to run for the rows left out of the table. */
  readonly allRowsHint: string;
}

/** A row whose upload outcome is unknown. */
export interface UncertainRowView {
  readonly key: string;
  readonly file: string;
  readonly sheet: string | undefined;
  readonly row: number;
  readonly reason: string;
  readonly attempts: number;
  /** True when a later run sent the row again on request (`--retry-uncertain`). @default undefined (not known) */
  readonly resent?: boolean | undefined;
}

/** A known key whose content changed and that was not uploaded again. */
export interface ChangedRowView {
  readonly key: string;
  readonly file: string;
  readonly sheet: string | undefined;
  readonly row: number;
  /** The platform record the new content differs from; undefined when that upload was uncertain. */
  readonly oldId: number | undefined;
  readonly oldHash: string | undefined;
  readonly hash: string;
  /** The fields the new content differs in, as `report --changed-out` names them. */
  readonly fields?: string | undefined;
}

/** A row stored on the platform. */
export interface UploadedRowView {
  readonly key: string;
  readonly file: string;
  readonly sheet: string | undefined;
  readonly row: number;
  readonly id: number;
}

/** Rows of one kind: those shown (the first by location) and how many there are in all. */
export interface RowList<T> {
  readonly rows: readonly T[];
  readonly total: number;
  /** What to run for every row, when some are left out. */
  readonly allRowsHint: string;
}

/** The whole page. */
export interface HtmlReportView {
  readonly kind: 'report' | 'validate';
  /** What the page is about: the report file, or the mapping validated. */
  readonly subject: string;
  readonly generatedAt: string;
  readonly toolVersion: string;
  readonly counts: readonly StatusCount[];
  /** Sentences a curator must not miss (a run that did not finish, a check stopped early). */
  readonly notices: readonly string[];
  readonly runs: readonly RunView[];
  readonly problems: ProblemsView;
  readonly uncertain: RowList<UncertainRowView> | undefined;
  readonly changed: RowList<ChangedRowView> | undefined;
  readonly uploaded: RowList<UploadedRowView> | undefined;
}

/** How much of each list a page embeds; the rest is counted and pointed to. */
export interface HtmlLimits {
  /** Problems in the table. @default 200000 */
  readonly problems: number;
  /** Rows of each other list (uncertain, changed, uploaded). @default 20000 */
  readonly rows: number;
}

export const DEFAULT_HTML_LIMITS: HtmlLimits = { problems: 200_000, rows: 20_000 };
