import path from 'node:path';
import type { MethodsWidth } from '../template/record-types.js';
import type { RowProblem } from '../template/record-types.js';
import type { ProblemCollector } from '../report/html/collect-problems.js';
import { displayPath } from '../util/display-path.js';
import type { TemplateSource } from './job/fetch-template.js';
import { createReadProgress, type ReadProgress } from './create-read-progress.js';
import { guardDuplicateKeys } from './stages/guard-duplicate-keys.js';
import { limitErrors } from './stages/limit-errors.js';
import { loadJob } from './job/load-job.js';
import { createGroupSniffer } from './sniff-row-groups.js';
import type { InputLayout } from './job/job.js';
import { PipelineError } from './pipeline-errors.js';
import type { WorkbookMetaFlags } from '../workbook/workbook-meta-mapping.js';
import type { PreparedInput } from './job/prepare-inputs.js';
import { mapInputs } from './stages/map-inputs.js';
import type { ErrorFile } from './open-error-file.js';
import type { OnWarning, TemplateChangedWarning } from './pipeline-warning.js';
import type { ValidationSummary } from '../report/validation-summary.js';
import { createValidationTally } from './validation-tally.js';

/** Plain options of {@link runValidate}: what the command line and settings decided. */
export interface RunValidateOptions {
  /** The mapping; undefined reads the one input as the platform's workbook (`loadJob`). */
  readonly mappingFile: string | undefined;
  /** The mapping's text, when it is not to be read from `mappingFile` (`mapper`'s unsaved edits). @default undefined */
  readonly mappingText?: string | undefined;
  /** For a platform workbook: the template when the workbook names none, and the meta it lacks. */
  readonly workbook?: { readonly tid: number | undefined; readonly layout?: InputLayout | undefined; readonly meta: WorkbookMetaFlags };
  /** Files, directories or globs. */
  readonly inputs: readonly string[];
  /** Directory inputs give the table files of their sub-directories too. @default false */
  readonly recursive?: boolean;
  /** Where relative paths are found. */
  readonly cwd: string;
  readonly methodsWidth: MethodsWidth;
  /** Stop after this many invalid records (`limitErrors`); undefined reads everything. */
  readonly maxErrors: number | undefined;
  /** Write every invalid record here (`.xlsx`, `.csv` or `.jsonl`); undefined writes none. */
  readonly errorsFile: string | undefined;
  /** Write the problems as one self-contained HTML page here; undefined writes none. */
  readonly htmlFile: string | undefined;
  /** Write a copy of the one input with every problem on its cell here (`.xlsx`); undefined writes none. */
  readonly annotateFile?: string | undefined;
  /** Problems kept in {@link ValidateResult.firstProblems} for display. @default 20 */
  readonly keepProblems?: number | undefined;
  /** The tool's version, on the page. */
  readonly version: string;
}

/** The adapters of {@link runValidate}. */
export interface RunValidateDeps {
  /** Where the template comes from (platform client or file, with the cache). */
  readonly template: TemplateSource;
  /** SIGINT/SIGTERM: stop reading at the next row; the error file is closed whole. */
  readonly signal?: AbortSignal;
  /** The one warnings channel (`TEMPLATE_CHANGED`, `MAPPING_NO_KEY`, `MAPPING_META_LITERAL_IS_COLUMN`). */
  readonly onWarning?: OnWarning;
  /** Told how far the inputs are read, once, before the first row (the progress display). @default undefined */
  readonly onStart?: (reading: ReadProgress) => void;
  /** Told of each record checked, valid or not, with its problems. @default undefined */
  readonly onRecord?: (valid: boolean, problems: readonly RowProblem[]) => void;
  /** For the page's date. @default Date.now */
  readonly clock?: () => number;
}

/** What a validation found: facts only; the CLI decides how to show them and the exit code. */
export interface ValidateResult {
  readonly mapping: string;
  readonly template: { readonly id: number; readonly pubDate: string; readonly from: 'platform' | 'file' };
  /** Counts, and `stoppedBy` when `--max-errors` stopped it. */
  readonly summary: ValidationSummary;
  readonly templateChanged: TemplateChangedWarning | undefined;
  /** Stopped by the signal: the rest of the input was not read. */
  readonly interrupted: boolean;
  /** The signal came before the first row: nothing was read, no file written. */
  readonly interruptedBeforeRows: boolean;
  /** The inputs held no table file (an empty drop folder): nothing was read, and no error file written. */
  readonly nothingToDo: boolean;
  /** The first problems met, at most `keepProblems`. */
  readonly firstProblems: readonly RowProblem[];
  /** All problems met (a record may have several). */
  readonly problemCount: number;
  readonly errorsFile: string | undefined;
  readonly html: { readonly file: string; readonly bytes: number } | undefined;
  readonly annotated?: { readonly file: string; readonly bytes: number } | undefined;
}

/**
 * The `validate` pipeline, the dry run: load the job (mapping checked against the template) →
 * prepare every input's header → read, map, validate, refuse duplicate keys → stop after `maxErrors`
 * invalid records (`limitErrors`, as `ingest` does) → tally, the error file, the page. Uploads nothing.
 * @throws mapping, template and input errors (exit 2), before any row when they can be known then.
 */
export async function runValidate(options: RunValidateOptions, deps: RunValidateDeps): Promise<ValidateResult> {
  const { cwd } = options;
  const { checked: job, inputs } = await loadJob(options, deps);
  const tally = createValidationTally();
  const base = {
    mapping: job.mappingFile,
    template: { id: job.template.id, pubDate: job.template.pubDate, from: job.templateFrom },
    templateChanged: job.templateChanged,
    errorsFile: options.errorsFile,
  };
  if (deps.signal?.aborted) {
    return {
      ...base,
      summary: tally.summary(),
      interrupted: true,
      interruptedBeforeRows: true,
      nothingToDo: false,
      firstProblems: [],
      problemCount: 0,
      errorsFile: undefined,
      html: undefined,
    };
  }
  const nothingToDo = inputs.length === 0;
  const errorFile: ErrorFile | undefined =
    options.errorsFile === undefined || nothingToDo
      ? undefined
      : await (
          await import('./open-error-file.js')
        ).openErrorFile(
          path.resolve(cwd, options.errorsFile),
          inputs.map((i) => i.header),
        );
  const keep = options.keepProblems ?? 20;
  const firstProblems: RowProblem[] = [];
  let problemCount = 0;
  // The page, the annotated copy and the error file are loaded only when asked for: a plain validate
  // starts without their writers (the HTML report, the xlsx writer).
  const page = options.htmlFile === undefined ? undefined : await createPageCollector();
  // At most ANNOTATE_PROBLEM_LIMIT problems are held for the copy; the rest are counted.
  const annotate =
    options.annotateFile === undefined ? undefined : (await import('../report/annotate/annotation-limit.js')).collectAnnotations();
  if (annotate !== undefined && inputs.length > 1)
    throw new PipelineError('ANNOTATE_ONE_INPUT', '--annotate copies one input: give one file', {
      hint: `${inputs.length} inputs were given`,
    });
  // The same duplicate-key guard and error limit as ingest: a key used twice would upload twice or be
  // skipped on resume, and --max-errors stops every command at the same row.
  const reading = createReadProgress(inputs.map((input) => input.bytes));
  deps.onStart?.(reading);
  const limit = limitErrors(
    guardDuplicateKeys(
      mapInputs(inputs, { ...(deps.signal ? { signal: deps.signal } : {}), onFile: () => tally.addFile(), progress: reading }),
      undefined,
      { identicalOk: job.prepared.spec.duplicates === 'identical-ok' },
    ),
    options.maxErrors,
  );
  // Rows that are ready come as resolved promises, which never let timers run: every ~50 ms the loop
  // gives the event loop a turn, so the progress display and a signal are served while rows stream.
  let turn = Date.now();
  let read = 0;
  // Without groupBy, a layout of records over several rows is looked for, to explain invalid records.
  const first = inputs[0];
  const sniffer = first === undefined || first.compiled.groupColumns.length > 0 ? undefined : createGroupSniffer(first.header);
  try {
    for await (const row of limit.rows) {
      if ((++read & 255) === 0 && Date.now() - turn > 50) {
        await new Promise((resolve) => setImmediate(resolve));
        turn = Date.now();
      }
      tally.add(row);
      sniffer?.add(row);
      deps.onRecord?.(row.problems.length === 0, row.problems);
      if (row.problems.length === 0) continue;
      problemCount += row.problems.length;
      for (const p of row.problems) if (firstProblems.length < keep) firstProblems.push(p);
      page?.addRowProblems(row.problems, row, (f) => displayPath(cwd, f));
      const status = row.stray === true ? 'no record' : 'invalid';
      annotate?.add(row.problems, {
        sheet: row.location.sheet,
        row: row.location.row,
        text: `${status}: ${row.problems.length} problem(s)`,
      });
      await errorFile?.write(row);
    }
  } finally {
    await errorFile?.close();
  }
  const summary = tally.summary(limit.stopped());
  const interrupted = deps.signal?.aborted === true;
  const grouped = sniffer?.finish(summary);
  if (grouped !== undefined) deps.onWarning?.(grouped);
  const html =
    page === undefined || options.htmlFile === undefined
      ? undefined
      : {
          file: options.htmlFile,
          ...(await writeValidateHtml(
            options,
            { template: base.template, summary, interrupted, templateChanged: job.templateChanged },
            page,
            inputs,
            deps.clock ?? Date.now,
          )),
        };
  const annotated =
    annotate === undefined || options.annotateFile === undefined || inputs[0] === undefined
      ? undefined
      : {
          file: options.annotateFile,
          ...(await (
            await import('../report/annotate/write-annotated-copy.js')
          ).writeAnnotatedCopy(
            {
              file: path.resolve(cwd, inputs[0].openPath),
              header: inputs[0].header,
              numberColumns: inputs[0].compiled.numberColumns,
              problems: annotate.problems,
              problemCount: annotate.count,
              statuses: annotate.statuses,
              summary: [
                ['input', displayPath(cwd, inputs[0].file)],
                ['template', `${base.template.id} (${base.template.pubDate})`],
                ['rows', summary.rows],
                ['records', summary.records],
                ['valid', summary.valid],
                ['invalid', summary.invalid],
              ],
            },
            path.resolve(cwd, options.annotateFile),
          )),
        };
  return { ...base, summary, interrupted, interruptedBeforeRows: false, nothingToDo, firstProblems, problemCount, html, annotated };
}

/** The collector of the problems `validate --html` shows. */
async function createPageCollector(): Promise<ProblemCollector> {
  const [{ createProblemCollector }, { DEFAULT_HTML_LIMITS }] = await Promise.all([
    import('../report/html/collect-problems.js'),
    import('../report/html/html-report-view.js'),
  ]);
  return createProblemCollector(DEFAULT_HTML_LIMITS.problems);
}

/** Writes `validate --html`: the page of what this validation found (see `buildValidateView`). */
async function writeValidateHtml(
  options: RunValidateOptions,
  found: {
    readonly template: ValidateResult['template'];
    readonly summary: ValidationSummary;
    readonly interrupted: boolean;
    readonly templateChanged: TemplateChangedWarning | undefined;
  },
  problems: ProblemCollector,
  inputs: readonly PreparedInput[],
  clock: () => number,
): Promise<{ bytes: number }> {
  const { cwd } = options;
  const [{ describeInputs }, { buildValidateView }, { writeHtmlReport }, { workbookMappingName }] = await Promise.all([
    import('../report/describe-inputs.js'),
    import('../report/html/build-validate-view.js'),
    import('../report/html/write-html-report.js'),
    import('./job/layout-steps.js'),
  ]);
  const [mapping] = options.mappingFile === undefined ? [] : await describeInputs([path.resolve(cwd, options.mappingFile)]);
  // Hashed after the check, as ingest hashes them for its run line: the page names what was checked.
  const hashed = await describeInputs(inputs.map((i) => i.openPath));
  const settings: [string, string][] = [
    ['methods-width', String(options.methodsWidth)],
    ['max-errors', options.maxErrors === undefined ? 'none' : String(options.maxErrors)],
  ];
  const view = buildValidateView({
    mapping: { file: options.mappingFile ?? workbookMappingName(inputs[0]?.file ?? ''), fingerprint: mapping?.sha256 },
    template: found.template,
    inputs: inputs.map((i, n) => ({ file: displayPath(cwd, i.file), bytes: i.bytes, sha256: hashed[n]?.sha256 ?? '' })),
    settings,
    summary: found.summary,
    interrupted: found.interrupted,
    templateChanged: found.templateChanged?.message,
    problems,
    errorsFile: options.errorsFile,
    generatedAt: new Date(clock()).toISOString(),
    toolVersion: options.version,
  });
  return writeHtmlReport(view, path.resolve(cwd, options.htmlFile ?? ''));
}
