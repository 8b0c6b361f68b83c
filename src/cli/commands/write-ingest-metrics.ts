import { readBoundedFileSync } from '../../util/read-bounded-file.js';
import { writeFileAtomically } from '../../util/write-file-atomically.js';
import type { CliIo } from '../cli-io.js';
import { formatRunMetrics, lastSuccessIn, type RunMetrics } from '../render/format-run-metrics.js';

/** What the metrics of one `ingest` run are made of. */
export interface IngestMetricsFacts {
  readonly file: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly exitCode: number;
  /** The run's counts; undefined for a run stopped before its first row. */
  readonly counts: RunMetrics['counts'];
  readonly otherShards: number;
}

/** A metrics file larger than this is not one of ours: its last success time is not looked for. */
const MAX_PREVIOUS_BYTES = 1024 * 1024;

/**
 * `--metrics-file`: writes the run's metrics atomically (docs/scheduling.md → Metrics), keeping the
 * last success time the previous file named when this run did not succeed. A file that cannot be
 * written is a warning on stderr: the run's own outcome and exit code stand.
 */
export async function writeIngestMetrics(facts: IngestMetricsFacts, io: CliIo): Promise<void> {
  let previous: number | undefined;
  try {
    previous = lastSuccessIn(readBoundedFileSync(facts.file, { maxBytes: MAX_PREVIOUS_BYTES }));
  } catch {
    previous = undefined;
  }
  const text = formatRunMetrics({
    labels: facts.labels,
    counts: facts.counts,
    otherShards: facts.otherShards,
    durationMs: facts.endedAt - facts.startedAt,
    endedAt: facts.endedAt,
    lastSuccessAt: facts.exitCode === 0 ? facts.endedAt : previous,
    exitCode: facts.exitCode,
  });
  try {
    await writeFileAtomically(facts.file, text);
  } catch (error) {
    io.stderr.write(`warning METRICS_NOT_WRITTEN: ${facts.file}: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}
