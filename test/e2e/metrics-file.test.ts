import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CliResult } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { envFor, ingestArgs, runCli, sampleCsv } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/**
 * Parses Prometheus' text exposition format as node_exporter's textfile collector reads it, strictly:
 * every sample's metric announced by HELP and TYPE first, label values quoted and escaped, values numbers.
 */
function parseMetrics(text: string): Sample[] {
  expect(text.endsWith('\n')).toBe(true);
  const announced = new Map<string, { help: boolean; type: string | undefined }>();
  const samples: Sample[] = [];
  for (const line of text.trimEnd().split('\n')) {
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (meta) {
      const entry = announced.get(meta[2]!) ?? { help: false, type: undefined };
      if (meta[1] === 'HELP') entry.help = true;
      else entry.type = meta[3];
      announced.set(meta[2]!, entry);
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (sample === null) throw new Error(`not a sample line: ${line}`);
    const name = sample[1]!;
    expect(announced.get(name)).toEqual({ help: true, type: 'gauge' });
    const labels: Record<string, string> = {};
    const labelText = sample[2] ?? '';
    const label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/gy;
    let at = 0;
    while (at < labelText.length) {
      label.lastIndex = at;
      const m = label.exec(labelText);
      if (m === null) throw new Error(`bad labels: ${labelText}`);
      labels[m[1]!] = m[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
      at = label.lastIndex;
    }
    const value = Number(sample[3]);
    expect(Number.isFinite(value)).toBe(true);
    samples.push({ name, labels, value });
  }
  const series = samples.map((s) => `${s.name}${JSON.stringify(s.labels)}`);
  expect(new Set(series).size).toBe(series.length);
  return samples;
}

function valueOf(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}

/** A run through runCli in this process, what the bin runs (the built CLI where a test says so). */
const inProcess = (args: readonly string[], env: Record<string, string>): Promise<CliResult> => runCliInTurn(args, { env });

describe('ingest --metrics-file (CLI, sandbox over HTTP)', () => {
  test(
    'written at the end of each run, failed ones too: rows by status, duration, exit code; the last success time kept from a run that succeeded',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const input = await sampleCsv(dir, 12);
        const report = path.join(dir, 'r.jsonl');
        const metrics = path.join(dir, 'textfile', 'mge.prom');
        await import('node:fs/promises').then((fs) => fs.mkdir(path.dirname(metrics)));
        const before = Math.floor(Date.now() / 1000);
        // Through the built CLI (exit code and output as a shell sees them); the other runs in this process.
        const ok = await runCli(ingestArgs(input, report, '--metrics-file', metrics), envFor(sandbox, dir));
        expect(ok.code).toBe(0);
        const first = parseMetrics(await readFile(metrics, 'utf8'));
        expect(valueOf(first, 'mge_ingest_rows', { status: 'uploaded' })).toBe(12);
        expect(valueOf(first, 'mge_ingest_rows', { status: 'invalid' })).toBe(0);
        expect(valueOf(first, 'mge_ingest_exit_code')).toBe(0);
        expect(valueOf(first, 'mge_ingest_duration_seconds')).toBeGreaterThan(0);
        const success = valueOf(first, 'mge_ingest_last_success_timestamp_seconds')!;
        expect(success).toBeGreaterThanOrEqual(before);
        expect(valueOf(first, 'mge_ingest_last_run_timestamp_seconds')).toBe(success);
        expect(first.every((s) => s.labels['report'] === report)).toBe(true);

        // The token refused: the run stops (exit 3); its metrics say so and keep the last success.
        const failed = await inProcess(ingestArgs(input, report, '--metrics-file', metrics), envFor(sandbox, dir, 'not-the-token'));
        expect(failed.code).toBe(3);
        const second = parseMetrics(await readFile(metrics, 'utf8'));
        expect(valueOf(second, 'mge_ingest_exit_code')).toBe(3);
        expect(valueOf(second, 'mge_ingest_last_success_timestamp_seconds')).toBe(success);
        expect(valueOf(second, 'mge_ingest_rows', { status: 'uploaded' })).toBe(0);
        // Written beside and renamed: nothing half-written is left for the collector.
        expect(await readdir(path.dirname(metrics))).toEqual(['mge.prom']);

        // The next good run: all skipped, a new success time.
        const again = await inProcess(ingestArgs(input, report, '--metrics-file', metrics, '--shard', '0/1'), envFor(sandbox, dir));
        expect(again.code).toBe(2); // another shard than the report's runs: refused, and still recorded
        expect(valueOf(parseMetrics(await readFile(metrics, 'utf8')), 'mge_ingest_exit_code')).toBe(2);
        const skip = await inProcess(ingestArgs(input, report), { ...envFor(sandbox, dir), MGE_METRICS_FILE: metrics });
        expect(skip.code).toBe(0);
        const third = parseMetrics(await readFile(metrics, 'utf8'));
        expect(valueOf(third, 'mge_ingest_rows', { status: 'skipped' })).toBe(12);
        expect(valueOf(third, 'mge_ingest_exit_code')).toBe(0);
      }),
    60_000,
  );

  test('a metrics file that is an input, or the report, is refused before anything runs (exit 2)', () =>
    withSandbox({}, async (sandbox, dir) => {
      const input = await sampleCsv(dir, 3);
      const report = path.join(dir, 'r.jsonl');
      const onInput = await inProcess(ingestArgs(input, report, '--metrics-file', input), envFor(sandbox, dir));
      expect(onInput.code).toBe(2);
      expect(onInput.stderr).toContain('OUTPUT_IS_INPUT');
      const onReport = await inProcess(ingestArgs(input, report), { ...envFor(sandbox, dir), MGE_METRICS_FILE: report });
      expect(onReport.code).toBe(2);
      expect(onReport.stderr).toContain('OUTPUT_CLASH');
      expect(onReport.stderr).toContain('MGE_METRICS_FILE');
      expect(sandbox.records()).toHaveLength(0);
      expect((await readFile(input, 'utf8')).split('\n').length).toBeGreaterThan(3);
    }));
});
