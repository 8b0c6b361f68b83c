import path from 'node:path';
import { shardText } from '../../pipeline/check-shard-change.js';
import type { IngestResult, RunIngestOptions, UploadSummary } from '../../pipeline/run-ingest.js';
import { RunStoppedError } from '../../pipeline/run-stopped-error.js';
import { exitCodeForError } from '../exit-codes.js';
import { writeIngestMetrics, type IngestMetricsFacts } from './write-ingest-metrics.js';
import { uploadStageOptions } from '../../pipeline/stage-options.js';
import { packageVersion } from '../../util/package-info.js';
import { commandFile } from '../check-command-files.js';
import { defineCommand, type CommandContext } from '../define-command.js';
import type { PlatformSession } from '../../pipeline/open-platform.js';
import { ROW_LIMIT_EPILOGUE } from '../exit-codes.js';
import { choiceOption, maxErrorsOption, methodsWidthOption } from '../parse-option.js';
import { addTemplateSourceOptions, templateSourceFor } from '../template-source-options.js';
import { UsageError } from '../usage-error.js';
import { INPUTS_DESCRIPTION, INPUT_OPTIONS } from '../input-options.js';
import { workbookOptions } from '../workbook-options.js';

function once<T>(open: () => Promise<T>): () => Promise<T> {
  let opened: Promise<T> | undefined;
  return () => (opened ??= open());
}

function flag(value: unknown): boolean {
  return value === true;
}

/** argv + settings → the plain options of `runIngest`: the stages' options built once (`uploadStageOptions`). */
function ingestOptions(
  args: Readonly<Record<string, unknown>>,
  context: CommandContext,
  session: PlatformSession | undefined,
): RunIngestOptions {
  const s = context.settings;
  const mapping = args['mapping'];
  const report = args['report'];
  if (mapping !== undefined && (typeof mapping !== 'string' || mapping === ''))
    throw new UsageError('OPTION_INVALID', 'give the mapping file with --mapping FILE', { location: { field: '--mapping' } });
  if (mapping !== undefined && args['layout'] !== undefined)
    throw new UsageError('OPTION_INVALID', '--layout reads the input without a mapping: leave out --mapping', {
      location: { field: '--layout' },
    });
  if (typeof report !== 'string' || report === '')
    throw new UsageError('OPTION_INVALID', 'give the report file with --report FILE', { location: { field: '--report' } });
  const onChange = choiceOption(args['on-change'], 'on-change', ['report', 'upload']) ?? 'report';
  const methodsWidth = methodsWidthOption(args, s);
  const maxErrors = maxErrorsOption(args, s);
  const dryRun = flag(args['dry-run']);
  const username = session?.username ?? s.username;
  const resume = {
    onChange,
    retryFailed: flag(args['retry-failed']),
    retryUncertain: flag(args['retry-uncertain']),
    verboseReport: flag(args['verbose-report']),
  } as const;
  const stages = uploadStageOptions(s, resume);
  const acceptMappingChange = flag(args['accept-mapping-change']);
  return {
    mappingFile: typeof mapping === 'string' ? mapping : undefined,
    workbook: workbookOptions(args),
    inputs: ((args['inputs'] as unknown[] | undefined) ?? []).map(String),
    recursive: flag(args['recursive']),
    reportFile: report,
    cwd: context.io.cwd,
    methodsWidth,
    username,
    stages,
    maxErrors,
    dryRun,
    acceptMappingChange,
    shard: s.shard,
    moveDone: s.moveDone,
    // Never the token: only what a reader of the report needs to know how the run was made.
    runSettings: {
      baseUrl: session?.baseUrl ?? s.baseUrl,
      sandbox: session?.sandbox !== undefined,
      username,
      rate: s.rate,
      concurrency: s.concurrency,
      maxRetries: s.maxRetries,
      ...(maxErrors !== undefined ? { maxErrors } : {}),
      ...(s.maxChanges !== undefined ? { maxChanges: s.maxChanges } : {}),
      maxUncertainStreak: s.maxUncertainStreak,
      drainTimeoutMs: stages.upload.drainTimeoutMs,
      timeoutMs: s.timeoutMs,
      methodsWidth,
      dryRun,
      ...resume,
      acceptMappingChange,
      ...(s.shard !== undefined ? { shard: shardText(s.shard) } : {}),
    },
    version: packageVersion(),
  };
}

/** The promises of a run, in short: the scheduler's contract (docs/guarantees.md says it in full). */
const INGEST_EPILOGUE = [
  'A row is sent again only when it was certainly not stored (refused, 429, 503): an unknown outcome (500, 502, 504, a reset after sending) leaves it uncertain for the rest of the run, and only a later run with --retry-uncertain sends it again.',
  'Exit codes: 0 every row uploaded or skipped as uploaded; 1 the run finished with rows to check (invalid, failed, uncertain, or changed and not uploaded, or rows of a platform workbook that belong to no record), or stopped early by --max-errors or --max-changes (MAX_ERRORS_REACHED, MAX_CHANGES_REACHED); 2 nothing was uploaded (usage, config, mapping, template or input error, REPORT_LOCKED, MAPPING_CHANGED, TEMPLATE_FIELDS_CHANGED, SHARD_NEEDS_KEY, SHARD_CHANGED); 3 aborted mid-run, resumable (TOKEN_REJECTED when the token file holds no new token, PLATFORM_UNREACHABLE, UNCERTAIN_STREAK, REPORT_LOCK_LOST, an input error after rows were uploaded); 130 interrupted by a signal, resumable.',
  ROW_LIMIT_EPILOGUE,
].join('\n');

/** A file the run keeps beside its report (`FILE.lock`, `FILE.index`), as an output of the command. */
function besideReport(report: unknown, what: string, suffix: string): ReturnType<typeof commandFile> {
  return commandFile(`--report ${what}`, typeof report === 'string' && report !== '' ? `${report}${suffix}` : undefined);
}

export const ingestCommand = defineCommand({
  command: 'ingest <inputs..>',
  describe: 'read, map, validate and upload every row; re-running with the same report resumes',
  settings: ['platform', 'upload', 'output', 'progress', 'unattended'],
  handlesSignal: true,
  builder: (y) =>
    addTemplateSourceOptions(
      y
        .positional('inputs', { type: 'string', array: true, describe: INPUTS_DESCRIPTION })
        .options(INPUT_OPTIONS)
        .option('report', {
          type: 'string',
          demandOption: true,
          describe:
            'the JSON-lines report (a regular file, created if missing): written as the run goes, read to resume; FILE.lock keeps other runs out (heartbeat every 10 s, taken over after 60 s without one)',
        })
        .option('dry-run', {
          type: 'boolean',
          describe: 'read, map, validate and plan against the report; send nothing (valid rows are reported as skipped, why dry-run)',
        })
        .option('retry-failed', { type: 'boolean', describe: 'also re-send rows the platform rejected in earlier runs' })
        .option('retry-uncertain', {
          type: 'boolean',
          describe:
            're-send the rows an earlier run left uncertain (check the platform first: each may then be stored twice); their lines name that run (resendOf). An unknown outcome in this run is never re-sent',
        })
        .option('verbose-report', {
          type: 'boolean',
          describe:
            "write a skipped line for every row uploaded before too (by default such rows are only counted in the run's summary line)",
        })
        .option('on-change', {
          type: 'string',
          choices: ['report', 'upload'],
          describe: 'a known key with new content: report it (exit 1), or upload it as a new record [default: report]',
        })
        .option('accept-mapping-change', {
          type: 'boolean',
          describe:
            'go on although the mapping or the template fields it fills changed since rows were uploaded with this report (otherwise exit 2, nothing sent); later runs compare with this one',
        })
        .epilogue(INGEST_EPILOGUE),
    ),
  examples: [
    [
      '$0 ingest --sandbox --rate 50 --mapping mappings/steel_strength.yaml --report steel.report.jsonl samples/steel_strength.csv',
      'the demo: upload a sample to the in-process sandbox (--rate 50: it runs on this machine; the default 5 a second spares the shared platform)',
    ],
    [
      '$0 ingest --mapping mappings/x.yaml --report x.report.jsonl data/*.xlsx',
      'upload; run the same line again to resume or to pick up new rows',
    ],
    [
      '$0 ingest --mapping mappings/x.yaml --report x.report.jsonl data.csv --dry-run',
      'validate and plan against the report, send nothing',
    ],
    [
      '$0 ingest 201.xlsx --report 201.report.jsonl --source 10 --methods experiment',
      "the platform's own workbook, no mapping: 数据ID is the key",
    ],
    [
      '$0 ingest --mapping mappings/x.yaml --report x.report.jsonl --recursive /data/incoming/',
      'a drop folder and its sub-folders; an empty one is nothing to do (exit 0)',
    ],
    [
      '$0 ingest --mapping mappings/x.yaml --report x.report.jsonl data.csv --rate 2 --concurrency 2 --json',
      'gently, with a JSON summary for scripts',
    ],
    [
      '$0 ingest --mapping mappings/x.yaml --report x.report.jsonl data.csv --retry-uncertain',
      'after checking the platform: re-send the rows earlier runs left uncertain',
    ],
    [
      '$0 ingest --mapping mappings/x.yaml --report x.report.jsonl incoming/ --on-change upload --max-changes 50',
      'nightly: new rows, and up to 50 edited ones as new records',
    ],
    [
      '$0 ingest --mapping mappings/x.yaml --report reports/shard-2.jsonl --shard 2/4 --rate 2 data/',
      'shard 2 of 4 on its own machine, a quarter of a rate budget of 8/s (docs/scheduling.md)',
    ],
    [
      '$0 ingest --mapping mappings/x.yaml --report x.report.jsonl --recursive incoming/ --move-done done/ --metrics-file /var/lib/node_exporter/textfile_collector/mge.prom',
      'nightly from a drop folder: done files moved away, metrics for Prometheus',
    ],
  ],
  files: (args) => ({
    inputs: [...commandFile('--mapping', args['mapping']), ...commandFile('--template-file', args['template-file'])],
    inputPatterns: {
      option: '<inputs>',
      patterns: ((args['inputs'] as unknown[] | undefined) ?? []).map(String),
      recursive: flag(args['recursive']),
    },
    // The report and its lock must be regular files; the run says so itself (REPORT_NOT_A_FILE). Its
    // ledger index is replaced by a rename, whatever is in its place.
    settingOutputs: ['metrics-file'],
    outputs: [
      ...commandFile('--report', args['report']),
      ...besideReport(args['report'], '(its lock)', '.lock'),
      ...besideReport(args['report'], '(its ledger index)', '.index'),
    ].map((f) => ({ ...f, regularOnly: true })),
  }),
  run: async (args, context) => {
    const metricsFile = context.settings.metricsFile;
    if (metricsFile === undefined) return runIngestCommand(args, context, () => undefined);
    // Written for every run that got this far, failed ones too: a scheduler's alert reads the exit code.
    const startedAt = Date.now();
    let result: IngestResult | undefined;
    const facts = (exitCode: number, summary: UploadSummary | undefined): IngestMetricsFacts => ({
      file: metricsFile,
      labels: {
        report: path.resolve(context.io.cwd, String(args['report'])),
        ...(context.settings.shard !== undefined ? { shard: shardText(context.settings.shard) ?? '' } : {}),
      },
      startedAt,
      endedAt: Date.now(),
      exitCode,
      counts: summary?.counts,
      otherShards: result?.otherShards ?? 0,
    });
    try {
      const exitCode = await runIngestCommand(args, context, (r) => (result = r));
      await writeIngestMetrics(facts(exitCode, result?.summary), context.io);
      return exitCode;
    } catch (error) {
      await writeIngestMetrics(
        facts(exitCodeForError(error, context.signal.aborted), error instanceof RunStoppedError ? error.summary : undefined),
        context.io,
      );
      throw error;
    }
  },
});

/** The run itself: the template source, the platform, then `ingest` with its display. */
async function runIngestCommand(
  args: Readonly<Record<string, unknown>>,
  context: CommandContext,
  onResult: (result: IngestResult) => void,
): Promise<number> {
  // Loaded only when ingest runs, so --help and the read commands do not pay for the mapping stage.
  const { ingest } = await import('./ingest.js');
  const openPlatform = once(() => context.openPlatform());
  const dryRun = flag(args['dry-run']);
  const templateSource = await templateSourceFor(args, { ...context, openPlatform });
  // A dry run with a template file works offline; everything else needs the platform.
  const session = dryRun && typeof args['template-file'] === 'string' ? undefined : await openPlatform();
  const options = ingestOptions(args, context, session);
  const client = session?.client;
  return ingest(
    options,
    {
      template: templateSource,
      ...(client && !dryRun ? { submit: (record, opts) => client.submitRecord(record, opts) } : {}),
      signal: context.signal,
      abortSignal: context.hardSignal,
      // The machine's lock by file identity lives there (docs/report-format.md → The lock).
      lock: { runtimeDir: context.io.env['XDG_RUNTIME_DIR'] },
    },
    {
      io: context.io,
      json: context.settings.json,
      quiet: context.settings.quiet,
      progressIntervalMs: context.settings.progressIntervalMs,
      argv: context.argv,
      onResult,
      ...(context.settings.logFile !== undefined ? { logger: context.logger } : {}),
    },
  );
}
