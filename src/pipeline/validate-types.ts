import type { MethodsWidth, RowProblem } from '../template/record-types.js';
import type { ValidationSummary } from '../report/validation-summary.js';
import type { WorkbookMetaFlags } from '../workbook/workbook-meta-mapping.js';
import type { ReadProgress } from './create-read-progress.js';
import type { TemplateSource } from './job/fetch-template.js';
import type { InputLayout } from './job/job.js';
import type { OnWarning, TemplateChangedWarning } from './pipeline-warning.js';

/** Plain options of {@link runValidate}: what the command line and settings decided. */
export interface RunValidateOptions {
  /** The mapping; undefined reads the one input as the platform's workbook (`loadJob`). */
  readonly mappingFile: string | undefined;
  /** The mapping's text, when it is not to be read from `mappingFile` (`mapper`'s unsaved edits). @default undefined */
  readonly mappingText?: string | undefined;
  /** For a platform workbook: the template when the workbook names none, and the meta it lacks. */
  readonly workbook?: { readonly tid: number | undefined; readonly layout?: InputLayout | undefined; readonly meta: WorkbookMetaFlags };
  /** Files, directories or globs. */
  readonly inputs: readonly string[];
  /** Directory inputs give the table files of their sub-directories too. @default false */
  readonly recursive?: boolean;
  /** Where relative paths are found. */
  readonly cwd: string;
  readonly methodsWidth: MethodsWidth;
  /** Stop after this many invalid records (`limitErrors`); undefined reads everything. */
  readonly maxErrors: number | undefined;
  /** Write every invalid record here (`.xlsx`, `.csv` or `.jsonl`); undefined writes none. */
  readonly errorsFile: string | undefined;
  /** Write the problems as one self-contained HTML page here; undefined writes none. */
  readonly htmlFile: string | undefined;
  /** Write a copy of the one input with every problem on its cell here (`.xlsx`); undefined writes none. */
  readonly annotateFile?: string | undefined;
  /** Problems kept in {@link ValidateResult.firstProblems} for display. @default 20 */
  readonly keepProblems?: number | undefined;
  /** The tool's version, on the page. */
  readonly version: string;
}

/** The adapters of {@link runValidate}. */
export interface RunValidateDeps {
  /** Where the template comes from (platform client or file, with the cache). */
  readonly template: TemplateSource;
  /** SIGINT/SIGTERM: stop reading at the next row; the error file is closed whole. */
  readonly signal?: AbortSignal;
  /** The one warnings channel (`TEMPLATE_CHANGED`, `MAPPING_NO_KEY`, `MAPPING_META_LITERAL_IS_COLUMN`). */
  readonly onWarning?: OnWarning;
  /** Told how far the inputs are read, once, before the first row (the progress display). @default undefined */
  readonly onStart?: (reading: ReadProgress) => void;
  /** Told of each record checked, valid or not, with its problems. @default undefined */
  readonly onRecord?: (valid: boolean, problems: readonly RowProblem[]) => void;
  /** For the page's date. @default Date.now */
  readonly clock?: () => number;
}

/** What a validation found: facts only; the CLI decides how to show them and the exit code. */
export interface ValidateResult {
  readonly mapping: string;
  readonly template: { readonly id: number; readonly pubDate: string; readonly from: 'platform' | 'file' };
  /** Counts, and `stoppedBy` when `--max-errors` stopped it. */
  readonly summary: ValidationSummary;
  readonly templateChanged: TemplateChangedWarning | undefined;
  /** Stopped by the signal: the rest of the input was not read. */
  readonly interrupted: boolean;
  /** The signal came before the first row: nothing was read, no file written. */
  readonly interruptedBeforeRows: boolean;
  /** The inputs held no table file (an empty drop folder): nothing was read, and no error file written. */
  readonly nothingToDo: boolean;
  /** The first problems met, at most `keepProblems`. */
  readonly firstProblems: readonly RowProblem[];
  /** All problems met (a record may have several). */
  readonly problemCount: number;
  readonly errorsFile: string | undefined;
  readonly html: { readonly file: string; readonly bytes: number } | undefined;
  readonly annotated?: { readonly file: string; readonly bytes: number } | undefined;
}
