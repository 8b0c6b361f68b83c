import path from 'node:path';
import { ConfigError } from '../config/setting-problem.js';
import { acquireReportLock } from '../report/acquire-report-lock.js';
import { checkReportPath } from '../report/check-report-path.js';
import { createReportWriter } from '../report/create-report-writer.js';
import { loadReportState, reportSpillDirs } from '../report/load-report-state.js';
import { zeroCounts } from '../report/report-lines.js';
import { createUploadQueue, type UploadQueue } from '../upload/create-upload-queue.js';
import { uploadRows } from '../upload/upload-rows.js';
import type { RowOutcome, UploadResult, UploadSummary } from '../upload/upload-types.js';
import { createReadProgress } from './create-read-progress.js';
import { dryRunRows } from './dry-run-rows.js';
import type { TemplateSource } from './job/fetch-template.js';
import { guardDuplicateKeys } from './stages/guard-duplicate-keys.js';
import { checkMappingChange } from './check-mapping-change.js';
import { ingestRunLine, runFieldDigester } from './ingest-run-line.js';
import { finishRun } from './finish-run.js';
import { limitErrors } from './stages/limit-errors.js';
import { setAsideStrayRows } from './stages/set-aside-stray-rows.js';
import { loadIngestJob } from './load-ingest-job.js';
import { mapInputs } from './stages/map-inputs.js';
import { runFingerprints } from './run-fingerprints.js';
import { checkShardChange } from './check-shard-change.js';
import { createOutstandingFiles, moveDoneInputs } from './stages/move-done-inputs.js';
import { selectShard } from './stages/select-shard.js';
import { rowSkipping } from './stages/skip-known-rows.js';
import type { IngestResult, RunIngestDeps, RunIngestOptions } from './ingest-types.js';

export type { RowOutcome, UploadSummary } from '../upload/upload-types.js';
export type { IngestResult, IngestStart, RunIngestDeps, RunIngestOptions } from './ingest-types.js';

/**
 * The `ingest` pipeline: load the job (mapping checked against the template) → prepare every input's
 * header → take the report lock → fold the ledger (repairing a torn last line) → `run` line → read, map,
 * validate, refuse duplicate keys, upload through the one queue → `summary` line. Streaming with
 * backpressure end to end (`uploadRows` takes at most its lookahead ahead of the outcomes).
 *
 * A report that is not a regular file (or not writable), mapping, template and input errors throw
 * before the report is touched (exit 2), and so does a mapping or template that differs from the one
 * the report's rows were uploaded with (`checkMappingChange`), unless `acceptMappingChange`. Inputs that
 * hold no table file (an empty drop folder) end the run there, with `nothingToDo` and exit 0: the report
 * is neither locked nor written. A row limit (`--max-errors`: `limitErrors` before the upload or the
 * dry run, as `validate` has it; `--max-changes`: the upload's router) ends the run early with
 * `summary.stoppedBy`, not an error. An error that stops the run (token rejected, platform
 * unreachable, unknown outcomes in a row, an input error after rows were uploaded) throws a
 * `RunStoppedError` holding the counts, after the `summary` line (`finishRun`), the report flushed and
 * the lock released.
 */
export async function runIngest(options: RunIngestOptions, deps: RunIngestDeps): Promise<IngestResult> {
  const clock = deps.clock ?? Date.now;
  const dryRun = options.dryRun ?? false;
  // Created first so the template GET is paced with the POSTs, and paused with them by a busy answer:
  // a platform limits all requests together.
  const queue = dryRun ? undefined : createUploadQueue({ ...options.stages.queue, clock, ...(deps.sleep ? { sleep: deps.sleep } : {}) });
  const client = deps.template.client;
  const template =
    queue === undefined || client === undefined
      ? deps.template
      : { ...deps.template, client: { getTemplate: (tid: number) => client.getTemplate(tid, { pacer: queue }) } };
  try {
    return await ingestWith(options, deps, { template, queue, clock, dryRun });
  } finally {
    queue?.close();
  }
}

async function ingestWith(
  options: RunIngestOptions,
  deps: RunIngestDeps,
  { template, queue, clock, dryRun }: { template: TemplateSource; queue: UploadQueue | undefined; clock: () => number; dryRun: boolean },
): Promise<IngestResult> {
  const settings = { methodsWidth: options.methodsWidth };
  const reportFile = options.cwd === undefined ? path.resolve(options.reportFile) : path.resolve(options.cwd, options.reportFile);
  // A report that cannot be a ledger (a directory, /dev/null, a FIFO) is refused before anything is read or sent.
  await checkReportPath(reportFile, { forWriting: true });
  const { job, inputs, sha256 } = await loadIngestJob(options, { template, settings, onWarning: deps.onWarning });
  const mappingFile = job.mappingFile;
  const submit = deps.submit;
  const username = options.username;
  if (!dryRun && (submit === undefined || username === undefined)) {
    throw new ConfigError('USERNAME_MISSING', 'uploads need the user the records are stored for', {
      location: { field: 'username' },
      hint: 'Set MGE_USERNAME or --username (or use --dry-run to upload nothing).',
    });
  }

  if (inputs.length === 0) {
    // A drop folder with nothing new: the configuration, mapping and template were checked; nothing to record.
    const summary: UploadSummary = {
      counts: zeroCounts(),
      rows: 0,
      durationMs: 0,
      notUploaded: 0,
      toCheck: { invalid: 0, failed: 0, uncertain: 0, changed: 0 },
      interrupted: false,
      stoppedBy: undefined,
    };
    return { summary, reportFile, template: { id: job.template.id, pubDate: job.template.pubDate }, dryRun, nothingToDo: true };
  }

  const fingerprints = runFingerprints(job.prepared.spec, job.template, settings);
  const lock = await acquireReportLock(reportFile, {
    ...deps.lock,
    onWarning: (w) => deps.onWarning?.({ code: 'REPORT_LOCK_STALE', file: w.file, reason: w.reason }),
  });
  try {
    // A repair cuts the report's tail: only while the lock is surely ours.
    const loaded = await loadReportState(reportFile, { repair: true, beforeRepair: () => lock.assertHeld() });
    for (const warning of loaded.warnings) deps.onWarning?.(warning);
    const previous = loaded.exists ? loaded.state : undefined;
    // Before the writer opens the report: a refused change leaves it as it was.
    const current = {
      mappingSha256: sha256,
      mappingParts: fingerprints.mapping,
      templateId: job.template.id,
      templatePubDate: job.template.pubDate,
      templateFields: fingerprints.templateFields,
    };
    const accepted = checkMappingChange(previous, current, { mappingFile, accept: options.acceptMappingChange ?? false });
    checkShardChange(previous, options.shard, reportFile);
    const writer = await createReportWriter(reportFile, { clock, guard: () => lock.assertHeld() });
    let failed = false;
    let outcome: IngestResult;
    try {
      await writer.write(
        await ingestRunLine({
          version: options.version,
          startedAt: clock(),
          settings: options.runSettings,
          mappingFile,
          mappingSha256: sha256,
          template: job.template,
          fingerprints,
          inputs,
          dryRun,
          ...(accepted !== undefined ? { accepted } : {}),
        }),
      );
      const reading = createReadProgress(inputs.map((input) => input.bytes));
      deps.onStart?.({
        inputs,
        templateId: job.template.id,
        knownKeys: previous?.keys.size ?? 0,
        pauseRemaining: () => queue?.pauseRemaining() ?? 0,
        reading,
      });
      // An upload's own thread is busy with HTTP, so large CSV files are mapped beside it; a dry run splits the work as validate
      // does. --max-errors is one stage for every command (`limitErrors`). Rows of other shards are dropped before anything else
      // sees them: one key is always in one shard. A row the ledger holds as uploaded from the same cells is not mapped again
      // (`rowSkipping`); a dry run maps every row, as validate does.
      const run = { version: options.version, fingerprints, template: job.template, settings };
      const skipping = dryRun ? {} : { skipping: rowSkipping(run, previous) };
      const sharded = selectShard(
        mapInputs(inputs, { progress: reading, mapOnWorker: !dryRun, ...skipping, ...(deps.signal ? { signal: deps.signal } : {}) }),
        options.shard,
      );
      const guarded = guardDuplicateKeys(sharded.rows, previous?.compactKeys, {
        spillDirs: reportSpillDirs(reportFile),
        identicalOk: job.prepared.spec.duplicates === 'identical-ok',
      });
      const limit = limitErrors(guarded, options.maxErrors);
      // Rows of no record (only a platform workbook has them) reach the summary line, not the upload stage.
      const strays = inputs.some((input) => input.open !== undefined) ? setAsideStrayRows(limit.rows) : undefined;
      const records = strays?.rows ?? limit.rows;
      const outstanding = createOutstandingFiles();
      const onOutcome = (outcome: RowOutcome): void => {
        outstanding.add(outcome);
        deps.onOutcome?.(outcome);
      };
      const { upload } = options.stages;
      let result: UploadResult;
      if (queue === undefined || submit === undefined || username === undefined) {
        result = {
          summary: await dryRunRows(records, { report: writer, previous, signal: deps.signal, clock, onOutcome }, upload.resume),
          failure: undefined,
        };
      } else {
        result = await uploadRows(
          records,
          {
            send: (body, signal) => submit(body, { username, signal }),
            queue,
            report: writer,
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
      // A --max-changes stop of the upload stopped it first; else the error limit, if it ended the rows.
      const ended = result.failure === undefined && !result.summary.interrupted;
      const stoppedBy = result.summary.stoppedBy ?? (ended ? limit.stopped() : undefined);
      const otherShards = sharded.others();
      const stray = strays?.found();
      const summary = await finishRun(writer, { ...result.summary, stoppedBy }, result.failure, {
        ...(options.shard === undefined ? {} : { otherShards }),
        stray,
      });
      // Only after a run that read every input to its end: an input cut short has rows no line names.
      const complete = !dryRun && !summary.interrupted && summary.stoppedBy === undefined;
      const moved =
        options.moveDone !== undefined && complete
          ? await moveDoneInputs(inputs, (file) => outstanding.has(file) || strays?.has(file) === true, options.moveDone)
          : undefined;
      outcome = {
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
    // The next run reads only the lines after this one's; an index is a cache: not saving it is told, no more.
    const notSaved = await loaded.saveIndex?.(() => lock.assertHeld());
    if (notSaved !== undefined) deps.onWarning?.({ code: 'LEDGER_INDEX_NOT_SAVED', file: reportFile, reason: notSaved });
    return outcome;
  } finally {
    await lock.release();
  }
}
