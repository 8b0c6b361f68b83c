import path from 'node:path';
import type { Shard } from '../config/settings.js';
import { sha256Hex } from '../mapping/rows/record-hash.js';
import type { MethodsWidth } from '../template/record-types.js';
import type { WorkbookMetaFlags } from '../workbook/workbook-meta-mapping.js';
import { mappingSha256 } from './ingest-run-line.js';
import type { TemplateSource } from './job/fetch-template.js';
import type { InputLayout, LoadedJob } from './job/job.js';
import { loadJob } from './job/load-job.js';
import type { PreparedInput } from './job/prepare-inputs.js';
import { checkMoveDoneFolder } from './stages/move-done-inputs.js';
import { PipelineError } from './pipeline-errors.js';
import type { OnWarning } from './pipeline-warning.js';

/** The checked job of an `ingest`, its inputs' headers bound to it, and the sha256 of its mapping text. */
export interface IngestJob {
  readonly job: LoadedJob;
  readonly inputs: readonly PreparedInput[];
  readonly sha256: string;
}

/** What `ingest` reads, and the flags checked against its mapping. */
export interface IngestJobOptions {
  /** The mapping; undefined reads the one input as the platform's workbook (`loadJob`). */
  readonly mappingFile: string | undefined;
  /** For a platform workbook: the template when the workbook names none, and the meta it lacks. */
  readonly workbook?: { readonly tid: number | undefined; readonly layout?: InputLayout | undefined; readonly meta: WorkbookMetaFlags };
  /** Files, directories or globs. */
  readonly inputs: readonly string[];
  /** Directory inputs give the table files of their sub-directories too. @default false */
  readonly recursive?: boolean;
  /** Where relative paths are found. @default undefined (the process's working directory) */
  readonly cwd?: string | undefined;
  /** Only the rows of this shard (`--shard I/N`, `selectShard`); the mapping must have a `key`. */
  readonly shard?: Shard | undefined;
  /**
   * After a run that read every input to its end, move each input whose every row ended uploaded or
   * skipped as uploaded into this folder (`moveDoneInputs`). Not with `shard`, nor in a dry run.
   */
  readonly moveDone?: string | undefined;
}

/**
 * Loads what `ingest` runs: the mapping file and the inputs, or without a mapping the one platform
 * workbook (its mapping is written from its own rows and fingerprinted), then checks the flags that
 * depend on the mapping. Everything here throws before the report is touched (exit 2).
 */
export async function loadIngestJob(
  options: IngestJobOptions,
  deps: {
    readonly template: TemplateSource;
    readonly settings: { readonly methodsWidth: MethodsWidth };
    readonly onWarning: OnWarning | undefined;
  },
): Promise<IngestJob> {
  const {
    checked: job,
    inputs,
    mappingText,
  } = await loadJob(
    {
      mappingFile: options.mappingFile,
      workbook: options.workbook,
      inputs: options.inputs,
      recursive: options.recursive ?? false,
      cwd: options.cwd,
      methodsWidth: deps.settings.methodsWidth,
    },
    { template: deps.template, onWarning: deps.onWarning },
  );
  // The mapping written for a platform layout's input is fingerprinted as written; a mapping file as its bytes.
  const sha256 =
    options.mappingFile === undefined
      ? sha256Hex(mappingText ?? '')
      : await mappingSha256(options.cwd === undefined ? path.resolve(options.mappingFile) : path.resolve(options.cwd, options.mappingFile));
  checkJobFlags(options, job.mappingFile, job.prepared.spec.key.length > 0);
  if (options.moveDone !== undefined)
    await checkMoveDoneFolder(
      inputs,
      options.cwd === undefined ? path.resolve(options.moveDone) : path.resolve(options.cwd, options.moveDone),
    );
  return { job, inputs, sha256 };
}

/** `--shard` and `--move-done` against the mapping, and against each other. */
function checkJobFlags(options: IngestJobOptions, mappingFile: string, hasKey: boolean): void {
  if (options.shard !== undefined && !hasKey) {
    throw new PipelineError(
      'SHARD_NEEDS_KEY',
      `--shard needs a mapping with a \`key\`: ${mappingFile} has none, so a row would be known by its content and an edited row would move to another shard`,
      {
        location: { field: '--shard', file: mappingFile },
        hint: 'Add `key: [columns]` naming the columns that identify a record (docs/mapping.md → key).',
      },
    );
  }
  if (options.shard !== undefined && options.moveDone !== undefined) {
    throw new PipelineError(
      'MOVE_DONE_SHARDED',
      '--move-done cannot be used with --shard: a file holds rows of every shard, and one shard cannot know the others are done with it',
      {
        location: { field: '--move-done' },
        hint: 'Move the files after every shard has finished (docs/scheduling.md), or run one process without --shard.',
      },
    );
  }
}
