import type { Shard } from '../config/settings.js';
import type { MappedRow } from '../mapping/rows/mapped-row.js';
import type { LedgerState } from '../report/key-state.js';
import { reportSpillDirs } from '../report/load-report-state.js';
import type { EarlyStop, StrayRows } from '../report/report-lines.js';
import type { ReadTracker } from './create-read-progress.js';
import type { PreparedInput } from './job/prepare-inputs.js';
import { guardDuplicateKeys } from './stages/guard-duplicate-keys.js';
import { limitErrors } from './stages/limit-errors.js';
import { mapInputs } from './stages/map-inputs.js';
import { selectShard } from './stages/select-shard.js';
import { setAsideStrayRows } from './stages/set-aside-stray-rows.js';
import { rowSkipping } from './stages/skip-known-rows.js';

/** What {@link ingestRowStages} composes the stages from. */
export interface IngestRowPlan {
  readonly dryRun: boolean;
  /** The run's identity (`rowSkipping`): version, fingerprints, template, settings. */
  readonly run: Parameters<typeof rowSkipping>[0];
  readonly previous: LedgerState | undefined;
  readonly reportFile: string;
  readonly shard: Shard | undefined;
  readonly maxErrors: number | undefined;
  /** The mapping's `duplicates: identical-ok`. */
  readonly identicalOk: boolean;
  readonly progress: ReadTracker;
  readonly signal?: AbortSignal | undefined;
}

/** The records `ingest` sends, and what the stages before the upload counted or stopped. */
export interface IngestRows {
  readonly records: AsyncIterable<MappedRow>;
  readonly otherShards: () => number;
  readonly stoppedByLimit: () => EarlyStop | undefined;
  /** The rows of no record set apart; undefined when there were none or the inputs cannot have any. */
  readonly stray: () => StrayRows | undefined;
  /** Whether a file had rows of no record: it is not done. */
  readonly hadStray: (file: string) => boolean;
}

/**
 * The stages between `ingest`'s inputs and its upload (or dry run): map (on a worker beside the upload,
 * known rows not mapped again) → other shards' rows dropped first (one key is in one shard) → duplicate
 * keys refused → `--max-errors` → rows of no record set apart for the summary line.
 */
export function ingestRowStages(inputs: readonly PreparedInput[], plan: IngestRowPlan): IngestRows {
  const skipping = plan.dryRun ? {} : { skipping: rowSkipping(plan.run, plan.previous) };
  const sharded = selectShard(
    mapInputs(inputs, { progress: plan.progress, mapOnWorker: !plan.dryRun, ...skipping, ...(plan.signal ? { signal: plan.signal } : {}) }),
    plan.shard,
  );
  const guarded = guardDuplicateKeys(sharded.rows, plan.previous?.compactKeys, {
    spillDirs: reportSpillDirs(plan.reportFile),
    identicalOk: plan.identicalOk,
  });
  const limit = limitErrors(guarded, plan.maxErrors);
  const strays = inputs.some((input) => input.open !== undefined) ? setAsideStrayRows(limit.rows) : undefined;
  return {
    records: strays?.rows ?? limit.rows,
    otherShards: sharded.others,
    stoppedByLimit: () => limit.stopped(),
    stray: () => strays?.found(),
    hadStray: (file) => strays?.has(file) === true,
  };
}
