/**
 * The first line of every run of a report (src/report/report-lines.ts): what the run read and how it
 * was told to map it, so a later run can tell whether its rows would map the same (`checkMappingChange`).
 */

/** A file read by the run. */
export interface ReportInput {
  readonly file: string;
  readonly size: number;
  readonly sha256: string;
  /**
   * Columns (0-based, of the header the run read) whose cells a number field took as they are
   * (`CompiledMapping.numberColumns`): `report --annotate` writes their cells of a CSV as numbers.
   * Absent in older reports and where there are none.
   */
  readonly numberColumns?: readonly number[];
}

/**
 * Fingerprints of the parsed mapping, one per part (`key`, `groupBy`, `input`, `options`, `template`,
 * `meta.<key>`, `content.<field>`): short sha256 prefixes of the part as parsed, so an edit of a comment
 * or of whitespace changes none, and a changed part can be named.
 */
export type MappingParts = Readonly<Record<string, string>>;

/** The changes a run was told to accept (`--accept-mapping-change`), as named when it started. */
export interface AcceptedChange {
  /** Mapping parts, e.g. `meta.title`, `content.屈服强度 (added)`. */
  readonly mapping: readonly string[];
  /** Template fields the mapping uses, e.g. `屈服强度`. */
  readonly template: readonly string[];
  /** Rows on the platform (uploaded or uncertain) when the change was accepted. */
  readonly rows: number;
}

/** Start of a run. Settings never include the token. */
export interface RunLine {
  readonly type: 'run';
  readonly at: string;
  /** Identifies the run's lines among others appended to the same report. */
  readonly runId: string;
  readonly version: string;
  readonly startedAt: string;
  /** Effective settings (rate, concurrency, retries, flags), without secrets. */
  readonly settings: Readonly<Record<string, unknown>>;
  /** `fingerprint` is the file's sha256; `parts` (absent in older reports) are those of the parsed mapping. */
  readonly mapping: { readonly file: string; readonly fingerprint: string; readonly parts?: MappingParts };
  /**
   * `fingerprint` is the template's `pub_date` (it changes on every edit); `fields` (absent in older
   * reports) fingerprints the definition of each template field the mapping uses.
   */
  readonly template: { readonly id: number; readonly fingerprint: string; readonly fields?: Readonly<Record<string, string>> };
  readonly inputs: readonly ReportInput[];
  /** An `ingest --dry-run`: nothing was sent, and its fingerprints are no baseline for later runs. */
  readonly dryRun?: boolean;
  /** A mapping or template change since the earlier runs, accepted with `--accept-mapping-change`. */
  readonly accepted?: AcceptedChange;
  /**
   * The record parts (`content.<field>`, `meta.<key>`) whose digests this run's `uploaded` and
   * `changed` lines carry (`fieldDigests`), in that order. Absent in older reports.
   */
  readonly recordFields?: readonly string[];
}
