import path from 'node:path';
import { ConfigError } from '../config/setting-problem.js';
import { acquireReportLock } from '../report/acquire-report-lock.js';
import { checkReportPath } from '../report/check-report-path.js';
import { loadReportState } from '../report/load-report-state.js';
import { zeroCounts } from '../report/report-lines.js';
import { createUploadQueue, type UploadQueue } from '../upload/create-upload-queue.js';
import type { UploadSummary } from '../upload/upload-types.js';
import { checkMappingChange } from './check-mapping-change.js';
import { checkShardChange } from './check-shard-change.js';
import type { IngestResult, RunIngestDeps, RunIngestOptions } from './ingest-types.js';
import type { TemplateSource } from './job/fetch-template.js';
import type { LoadedJob } from './job/job.js';
import { loadIngestJob } from './load-ingest-job.js';
import { recordIngestRun } from './record-ingest-run.js';
import { runFingerprints } from './run-fingerprints.js';

export type { RowOutcome, UploadSummary } from '../upload/upload-types.js';
export type { IngestResult, IngestStart, RunIngestDeps, RunIngestOptions } from './ingest-types.js';

/**
 * The `ingest` pipeline (ARCHITECTURE.md → "Upload and the report"): job and report errors throw before
 * the report is touched (exit 2), no inputs give `nothingToDo`, a row limit sets `summary.stoppedBy`, a
 * stopping error throws `RunStoppedError` after the `summary` line, report flushed, lock released.
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
  if (!dryRun && (deps.submit === undefined || options.username === undefined)) {
    throw new ConfigError('USERNAME_MISSING', 'uploads need the user the records are stored for', {
      location: { field: 'username' },
      hint: 'Set MGE_USERNAME or --username (or use --dry-run to upload nothing).',
    });
  }
  // A drop folder with nothing new: the configuration, mapping and template were checked; nothing to record.
  if (inputs.length === 0) return nothingToDo(reportFile, job, dryRun);

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
    const accepted = checkMappingChange(previous, current, { mappingFile: job.mappingFile, accept: options.acceptMappingChange ?? false });
    checkShardChange(previous, options.shard, reportFile);
    const outcome = await recordIngestRun({
      options,
      deps,
      job,
      inputs,
      sha256,
      reportFile,
      queue,
      clock,
      dryRun,
      fingerprints,
      previous,
      accepted,
      assertHeld: () => lock.assertHeld(),
    });
    // The next run reads only the lines after this one's; an index is a cache: not saving it is told, no more.
    const notSaved = await loaded.saveIndex?.(() => lock.assertHeld());
    if (notSaved !== undefined) deps.onWarning?.({ code: 'LEDGER_INDEX_NOT_SAVED', file: reportFile, reason: notSaved });
    return outcome;
  } finally {
    await lock.release();
  }
}

/** The result of a run whose inputs held no table file: checked, and nothing recorded. */
function nothingToDo(reportFile: string, job: LoadedJob, dryRun: boolean): IngestResult {
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
