import type { LedgerState } from '../report/key-state.js';
import { createReportWriter } from '../report/create-report-writer.js';
import { reportSpillDirs } from '../report/load-report-state.js';
import type { AcceptedChange } from '../report/report-lines.js';
import type { UploadQueue } from '../upload/create-upload-queue.js';
import { uploadRows } from '../upload/upload-rows.js';
import type { RowOutcome, UploadResult } from '../upload/upload-types.js';
import { createReadProgress } from './create-read-progress.js';
import { dryRunRows } from './dry-run-rows.js';
import { finishRun } from './finish-run.js';
import { ingestRowStages } from './ingest-row-stages.js';
import { ingestRunLine, runFieldDigester } from './ingest-run-line.js';
import type { IngestResult, RunIngestDeps, RunIngestOptions } from './ingest-types.js';
import type { LoadedJob } from './job/job.js';
import type { PreparedInput } from './job/prepare-inputs.js';
import type { RunFingerprints } from './run-fingerprints.js';
import { createOutstandingFiles, moveDoneInputs } from './stages/move-done-inputs.js';

/** What an `ingest` run writes its report from: the checked job, the ledger, the lock it holds. */
export interface IngestRunContext {
  readonly options: RunIngestOptions;
  readonly deps: RunIngestDeps;
  readonly job: LoadedJob;
  readonly inputs: readonly PreparedInput[];
  readonly sha256: string;
  readonly reportFile: string;
  /** Undefined for a dry run. */
  readonly queue: UploadQueue | undefined;
  readonly clock: () => number;
  readonly dryRun: boolean;
  readonly fingerprints: RunFingerprints;
  readonly previous: LedgerState | undefined;
  readonly accepted: AcceptedChange | undefined;
  readonly assertHeld: () => void;
}

/**
 * The part of an `ingest` run that writes the report, under its lock: the `run` line, the rows
 * through the stages to the upload (or the dry run), the `summary` line (`finishRun`), then with
 * `--move-done` the inputs that are done. The writer is closed whatever happens.
 */
export async function recordIngestRun(context: IngestRunContext): Promise<IngestResult> {
  const { options, deps, job, inputs, reportFile, clock, dryRun, fingerprints, previous } = context;
  const writer = await createReportWriter(reportFile, { clock, guard: context.assertHeld });
  let failed = false;
  try {
    await writer.write(
      await ingestRunLine({
        version: options.version,
        startedAt: clock(),
        settings: options.runSettings,
        mappingFile: job.mappingFile,
        mappingSha256: context.sha256,
        template: job.template,
        fingerprints,
        inputs,
        dryRun,
        ...(context.accepted !== undefined ? { accepted: context.accepted } : {}),
      }),
    );
    const reading = createReadProgress(inputs.map((input) => input.bytes));
    deps.onStart?.({
      inputs,
      templateId: job.template.id,
      knownKeys: previous?.keys.size ?? 0,
      pauseRemaining: () => context.queue?.pauseRemaining() ?? 0,
      reading,
    });
    const settings = { methodsWidth: options.methodsWidth };
    const rows = ingestRowStages(inputs, {
      dryRun,
      run: { version: options.version, fingerprints, template: job.template, settings },
      previous,
      reportFile,
      shard: options.shard,
      maxErrors: options.maxErrors,
      identicalOk: job.prepared.spec.duplicates === 'identical-ok',
      progress: reading,
      signal: deps.signal,
    });
    const outstanding = createOutstandingFiles();
    const onOutcome = (outcome: RowOutcome): void => {
      outstanding.add(outcome);
      deps.onOutcome?.(outcome);
    };
    const result = await sendRows(rows.records, writer, onOutcome, context);
    // A --max-changes stop of the upload stopped it first; else the error limit, if it ended the rows.
    const ended = result.failure === undefined && !result.summary.interrupted;
    const stoppedBy = result.summary.stoppedBy ?? (ended ? rows.stoppedByLimit() : undefined);
    const otherShards = rows.otherShards();
    const stray = rows.stray();
    const summary = await finishRun(writer, { ...result.summary, stoppedBy }, result.failure, {
      ...(options.shard === undefined ? {} : { otherShards }),
      stray,
    });
    // Only after a run that read every input to its end: an input cut short has rows no line names.
    const complete = !dryRun && !summary.interrupted && summary.stoppedBy === undefined;
    const moved =
      options.moveDone !== undefined && complete
        ? await moveDoneInputs(inputs, (file) => outstanding.has(file) || rows.hadStray(file), options.moveDone)
        : undefined;
    return {
      summary,
      reportFile,
      template: { id: job.template.id, pubDate: job.template.pubDate },
      dryRun,
      nothingToDo: false,
      ...(options.shard === undefined ? {} : { otherShards }),
      ...(moved === undefined ? {} : { moved }),
      ...(stray === undefined ? {} : { stray }),
    };
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // After a failure the writer fails the same way again: keep the first error, which holds the summary.
    await writer.close().catch((error: unknown) => {
      if (!failed) throw error;
    });
  }
}

/** The records to the platform through the one queue, or for a dry run to the plan of what a run would do. */
async function sendRows(
  records: Parameters<typeof uploadRows>[0],
  report: Parameters<typeof uploadRows>[1]['report'],
  onOutcome: (outcome: RowOutcome) => void,
  { options, deps, queue, previous, reportFile, clock, fingerprints }: IngestRunContext,
): Promise<UploadResult> {
  const { upload } = options.stages;
  const { submit } = deps;
  const { username } = options;
  if (queue === undefined || submit === undefined || username === undefined) {
    return {
      summary: await dryRunRows(records, { report, previous, signal: deps.signal, clock, onOutcome }, upload.resume),
      failure: undefined,
    };
  }
  return uploadRows(
    records,
    {
      send: (body, signal) => submit(body, { username, signal }),
      queue,
      report,
      previous,
      spillDirs: reportSpillDirs(reportFile),
      clock,
      ...(deps.sleep ? { sleep: deps.sleep } : {}),
      ...(deps.random ? { random: deps.random } : {}),
      ...(deps.signal ? { signal: deps.signal } : {}),
      ...(deps.abortSignal ? { abortSignal: deps.abortSignal } : {}),
      onOutcome,
      fieldDigests: runFieldDigester(fingerprints),
    },
    upload,
  );
}
