import type { ReportLockOptions } from '../report/acquire-report-lock.js';
import type { StrayRows } from '../report/report-lines.js';
import type { MethodsWidth } from '../template/record-types.js';
import type { Sleep } from '../upload/real-sleep.js';
import type { RowOutcome, UploadSummary } from '../upload/upload-types.js';
import type { ReadProgress } from './create-read-progress.js';
import type { DryRunSummary } from './dry-run-rows.js';
import type { TemplateSource } from './job/fetch-template.js';
import type { IngestJobOptions } from './load-ingest-job.js';
import type { PreparedInput } from './job/prepare-inputs.js';
import type { MovedInput, UnmovedInput } from './stages/move-done-inputs.js';
import type { OnWarning } from './pipeline-warning.js';
import type { UploadStageOptions } from './stage-options.js';

/** Plain options of {@link runIngest}: what the command line and settings decided. */
export interface RunIngestOptions extends IngestJobOptions {
  readonly reportFile: string;
  readonly methodsWidth: MethodsWidth;
  /** `?username=` of every submit; required unless `dryRun`. */
  readonly username: string | undefined;
  /** The queue and the upload stage, every value set (`uploadStageOptions`); a dry run reads the resume flags. */
  readonly stages: UploadStageOptions;
  /** Stop early after this many invalid records (`limitErrors`, exit 1); undefined reads everything. */
  readonly maxErrors: number | undefined;
  /**
   * Go on although the mapping or template differs from the one the report's rows were uploaded with
   * (recorded in the `run` line; later runs compare with this one). @default false
   */
  readonly acceptMappingChange?: boolean;
  /** Read, map, validate and plan; send nothing. @default false */
  readonly dryRun?: boolean;
  /** Recorded in the `run` line. Must not hold the token. */
  readonly runSettings: Readonly<Record<string, unknown>>;
  readonly version: string;
}

/** What the run tells its progress display once it starts sending. */
export interface IngestStart {
  readonly inputs: readonly PreparedInput[];
  readonly templateId: number;
  /** Rows already in the ledger from earlier runs. */
  readonly knownKeys: number;
  /** Ms left of the queue's current `Retry-After` pause. */
  readonly pauseRemaining: () => number;
  /** How far the inputs have been read (bytes), and how many records were handed on. */
  readonly reading: ReadProgress;
}

/** The adapters of {@link runIngest}: every effect with time, I/O or the platform is injected. */
export interface RunIngestDeps {
  /** Where the template comes from (platform client or file, with the cache). */
  readonly template: TemplateSource;
  /** The platform client's `submitRecord`, given each row's JSON text; not called by a dry run. */
  readonly submit?: (body: string, options: { readonly username: string; readonly signal?: AbortSignal }) => Promise<number>;
  /** @default Date.now */
  readonly clock?: () => number;
  readonly sleep?: Sleep;
  readonly random?: () => number;
  /** First SIGINT/SIGTERM: take no new rows, drain, flush. */
  readonly signal?: AbortSignal | undefined;
  /** Second signal: cancel requests in flight (their rows end `uncertain`). */
  readonly abortSignal?: AbortSignal;
  /** The one warnings channel (mapping, template, the report's repair, a stale lock taken over). */
  readonly onWarning?: OnWarning;
  readonly onStart?: (start: IngestStart) => void;
  readonly onOutcome?: (outcome: RowOutcome) => void;
  /** For tests of the lock. */
  readonly lock?: ReportLockOptions;
}

/** The result of a run that ended without an error: facts, for the CLI to show and to map to an exit code. */
export interface IngestResult {
  /** The counts; `interrupted` (a signal), `stoppedBy` (a row limit: `--max-errors`, `--max-changes`). */
  readonly summary: UploadSummary | DryRunSummary;
  readonly reportFile: string;
  readonly template: { readonly id: number; readonly pubDate: string };
  readonly dryRun: boolean;
  /** The inputs held no table file (an empty drop folder): the report was not touched, not even locked. */
  readonly nothingToDo: boolean;
  /** Rows read that belong to other shards (`shard`): counted, not reported. */
  readonly otherShards?: number;
  /** Rows read that belong to no record (rows to check), with their first problems; absent when none. */
  readonly stray?: StrayRows;
  /** With `moveDone`: the inputs moved, and those done that could not be. */
  readonly moved?: { readonly moved: readonly MovedInput[]; readonly unmoved: readonly UnmovedInput[] };
}
