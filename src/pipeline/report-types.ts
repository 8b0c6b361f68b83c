import type { ReportSummary } from '../report/summarize-report.js';
import type { OnWarning } from './pipeline-warning.js';

/** Options of {@link runReport}. */
export interface RunReportOptions {
  /** The report, as the user named it. */
  readonly file: string;
  /**
   * Several reports (the shards of a run) summarized as one, names or globs (`expandReportFiles`);
   * `file` is then the first, and only names them. @default [file]
   */
  readonly files?: readonly string[];
  /** Where relative paths are found. */
  readonly cwd: string;
  /** Write the rows that did not upload here (`.xlsx`, `.csv` or `.jsonl`); undefined writes none. */
  readonly failedOut: string | undefined;
  /** Write every uploaded row with its platform id here (`.csv` or `.xlsx`); undefined writes none. */
  readonly uploadedOut: string | undefined;
  /** Write every changed row with the id of the record it differs from here (`.csv` or `.xlsx`); undefined writes none. */
  readonly changedOut?: string | undefined;
  /** Write a copy of an input with the report's problems and statuses on its cells here (`.xlsx`). */
  readonly annotate?: string | undefined;
  /** The input to copy for `annotate`, when the report holds rows of several. @default the report's one input */
  readonly annotateInput?: string | undefined;
  /** Write the report as one self-contained HTML page here; undefined writes none. */
  readonly html: string | undefined;
  /** The tool's version, on the page. */
  readonly version: string;
}

/** The adapters of {@link runReport}. */
export interface RunReportDeps {
  /** A torn last line (a crash, or a run still writing): skipped, and said so. */
  readonly onWarning?: OnWarning;
  /** For the page's date. @default Date.now */
  readonly clock?: () => number;
}

/** What `report` found and wrote: facts for the CLI to show and to map to an exit code. */
export interface ReportResult {
  readonly summary: ReportSummary;
  readonly failedOut: { readonly file: string; readonly rows: number } | undefined;
  readonly uploadedOut: { readonly file: string; readonly rows: number } | undefined;
  readonly changedOut?: { readonly file: string; readonly rows: number } | undefined;
  readonly annotated?: { readonly file: string; readonly bytes: number; readonly input: string } | undefined;
  readonly html: { readonly file: string; readonly bytes: number } | undefined;
  /** The reports read, as named (globs expanded). */
  readonly files?: readonly string[];
  /** Those of them whose latest run did not finish. */
  readonly unfinishedIn?: readonly string[];
}
