import type { Shard } from '../config/settings.js';
import type { LedgerState } from '../report/fold-report.js';
import { isDryRunLine } from '../report/report-lines.js';
import { PipelineError } from './pipeline-errors.js';

/** `I/N`, as the run line's settings record it; undefined for a run of every row. */
export function shardText(shard: Shard | undefined): string | undefined {
  return shard === undefined ? undefined : `${shard.index}/${shard.count}`;
}

/**
 * Refuses a run whose `--shard` differs from the latest real run of a report that knows rows: another N deals
 * keys anew (docs/scheduling.md#many-machines-shards, "A report belongs to one shard of one N").
 * @throws PipelineError `SHARD_CHANGED` (usage, exit 2) before anything is written or sent.
 */
export function checkShardChange(previous: LedgerState | undefined, shard: Shard | undefined, reportFile: string): void {
  if (previous === undefined || previous.keys.size === 0) return;
  const last = [...previous.runs].reverse().find((run) => !isDryRunLine(run));
  if (last === undefined) return;
  const before = last.settings?.['shard'];
  const now = shardText(shard);
  if ((typeof before === 'string' ? before : undefined) === now) return;
  const was = typeof before === 'string' ? `--shard ${before}` : 'no --shard';
  throw new PipelineError(
    'SHARD_CHANGED',
    `${reportFile} was written with ${was}, this run has ${now === undefined ? 'no --shard' : `--shard ${now}`}: the rows would be dealt out anew, and rows another shard uploaded would be sent again`,
    {
      location: { field: '--shard', file: reportFile },
      hint: 'Run each shard with the --shard and --report it started with; to change the number of shards, start a fresh set of reports once every shard has finished (docs/scheduling.md).',
    },
  );
}
