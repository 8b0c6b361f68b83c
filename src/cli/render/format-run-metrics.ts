import type { OutcomeType } from '../../report/report-lines.js';

/** What one `ingest` run amounts to, for the metrics file. */
export interface RunMetrics {
  /** Labels every series carries, so the files of several jobs (shards) on one host do not clash. */
  readonly labels: Readonly<Record<string, string>>;
  /** Rows of this run by outcome; zero for a run that stopped before its first row. */
  /** The run's counts; undefined (a run stopped before its first row) counts every status 0. */
  readonly counts: Readonly<Record<OutcomeType, number>> | undefined;
  /** Rows read that belong to other shards. */
  readonly otherShards: number;
  readonly durationMs: number;
  /** When the run ended, epoch ms. */
  readonly endedAt: number;
  /** When a run last exited 0, epoch ms: this one, or the one the previous file named. */
  readonly lastSuccessAt: number | undefined;
  readonly exitCode: number;
}

const OUTCOMES: readonly OutcomeType[] = ['uploaded', 'skipped', 'changed', 'invalid', 'failed', 'uncertain'];

/** A label value in the text format: backslash, double quote and line feed escaped. */
function labelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function labelText(labels: Readonly<Record<string, string>>): string {
  return Object.entries(labels)
    .map(([name, value]) => `${name}="${labelValue(value)}"`)
    .join(',');
}

/**
 * The metrics of a run in Prometheus' text exposition format (version 0.0.4), for node_exporter's
 * textfile collector: rows by status, duration, end and last success time, exit code. Every series
 * carries `labels`; the timestamps are Unix seconds.
 */
export function formatRunMetrics(m: RunMetrics): string {
  const base = labelText(m.labels);
  const withBase = (extra: string): string => `{${[base, extra].filter((s) => s !== '').join(',')}}`;
  const lines: string[] = [];
  const gauge = (name: string, help: string, samples: readonly [string, number][]): void => {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`);
    for (const [labels, value] of samples)
      lines.push(`${name}${withBase(labels)} ${Number.isInteger(value) ? String(value) : value.toFixed(3)}`);
  };
  gauge('mge_ingest_rows', 'Records of the last ingest run by outcome (other_shard: read, left to another shard).', [
    ...OUTCOMES.map((status): [string, number] => [`status="${status}"`, m.counts?.[status] ?? 0]),
    ['status="other_shard"', m.otherShards],
  ]);
  gauge('mge_ingest_duration_seconds', 'Wall-clock time of the last ingest run.', [['', m.durationMs / 1000]]);
  gauge('mge_ingest_last_run_timestamp_seconds', 'When the last ingest run ended, Unix time.', [['', Math.floor(m.endedAt / 1000)]]);
  if (m.lastSuccessAt !== undefined)
    gauge('mge_ingest_last_success_timestamp_seconds', 'When an ingest run last ended with exit code 0, Unix time.', [
      ['', Math.floor(m.lastSuccessAt / 1000)],
    ]);
  gauge(
    'mge_ingest_exit_code',
    'Exit code of the last ingest run: 0 ok, 1 rows to check, 2 nothing uploaded (input), 3 aborted and resumable, 130 interrupted.',
    [['', m.exitCode]],
  );
  return `${lines.join('\n')}\n`;
}

/** The last success time a metrics file written earlier names, epoch ms; undefined when it names none. */
export function lastSuccessIn(text: string): number | undefined {
  const match = /^mge_ingest_last_success_timestamp_seconds(?:\{[^\n]*\})? (\d+)$/m.exec(text);
  return match === null ? undefined : Number(match[1]) * 1000;
}
