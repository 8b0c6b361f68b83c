import path from 'node:path';
import type { MethodsWidth } from '../../mapping/mapping-spec.js';
import type { RowProblem } from '../../mapping/record-types.js';
import type { TemplateSource } from '../../pipeline/fetch-template.js';
import { loadJob, type JobWarning, type TemplateChangedWarning } from '../../pipeline/load-job.js';
import { guardDuplicateKeys } from '../../pipeline/guard-duplicate-keys.js';
import { mapInputs, prepareInputs, type PreparedInput } from '../../pipeline/map-inputs.js';
import { openErrorFile, type ErrorFile } from '../../pipeline/open-error-file.js';
import { createValidationTally, type ValidationSummary } from '../../pipeline/validation-tally.js';
import { describeInputs } from '../../report/describe-inputs.js';
import { buildValidateView } from '../../report/html/build-validate-view.js';
import { createProblemCollector, type ProblemCollector } from '../../report/html/collect-problems.js';
import { DEFAULT_HTML_LIMITS } from '../../report/html/html-report-view.js';
import { writeHtmlReport } from '../../report/html/write-html-report.js';
import { packageVersion } from '../../util/package-info.js';
import type { CliIo } from '../cli-io.js';
import { EXIT } from '../exit-code-for.js';
import { formatRowProblems } from '../render/format-row-problems.js';

/** Options of {@link validate}. */
export interface ValidateCommandOptions {
  readonly mappingFile: string;
  /** Files, directories or globs. */
  readonly inputs: readonly string[];
  /** Directory inputs give the table files of their sub-directories too. @default false */
  readonly recursive?: boolean;
  /** Write every invalid record here (`.xlsx`, `.csv` or `.jsonl`). @default undefined */
  readonly errorsFile: string | undefined;
  /** Stop after this many invalid records. @default undefined (read everything) */
  readonly maxErrors: number | undefined;
  readonly methodsWidth: MethodsWidth;
  /** JSON summary on stdout instead of tables. @default false */
  readonly json: boolean;
  /** Write the problems as one self-contained HTML page here. @default undefined */
  readonly htmlFile?: string | undefined;
  /** Problems shown in the table. @default 20 */
  readonly showProblems?: number;
}

/** The summary `--json` prints. */
export interface ValidateReport extends ValidationSummary {
  readonly mapping: string;
  readonly template: { readonly id: number; readonly pubDate: string; readonly from: 'platform' | 'file' };
  readonly errorsFile: string | undefined;
  readonly html?: { readonly file: string; readonly bytes: number } | undefined;
  readonly templateChanged: TemplateChangedWarning | undefined;
  /** Stopped by SIGINT/SIGTERM: the rest of the input was not read. */
  readonly interrupted: boolean;
  /** The inputs held no table file (an empty drop folder): nothing was read, and no error file written. */
  readonly nothingToDo: boolean;
}

/** A file as a curator reads it: relative to the working directory when inside it. */
function shortName(cwd: string, file: string): string {
  const relative = path.relative(cwd, file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

function warn(io: CliIo, warning: JobWarning): void {
  io.stderr.write(`warning ${warning.code}: ${warning.message}\n${warning.lines.map((l) => `  ${l}\n`).join('')}`);
}

function summaryText(report: ValidateReport, maxErrors: number | undefined): string {
  const s = report;
  if (s.nothingToDo) return 'nothing to validate: the inputs hold no table files (.csv, .tsv, .xlsx, .xlsm, .xls, .ods)\n';
  const lines = [`${s.files} file(s), ${s.rows} row(s), ${s.records} record(s): ${s.valid} valid, ${s.invalid} invalid`];
  const codes = Object.entries(s.invalidByCode);
  if (codes.length > 0) lines.push(`invalid by code: ${codes.map(([code, n]) => `${code} ${n}`).join(', ')}`);
  if (s.interrupted) lines.push('interrupted: the rest of the input was not read');
  else if (s.stoppedEarly) lines.push(`stopped after ${maxErrors ?? s.invalid} invalid record(s) (--max-errors): the rest of the input was not read`);
  if (s.errorsFile !== undefined && s.invalid > 0) lines.push(`invalid records with their original cells: ${s.errorsFile}`);
  if (s.html !== undefined) lines.push(`the problems as a page: ${s.html.file}`);
  return `${lines.join('\n')}\n`;
}

/** Writes `validate --html`: the page of what this validation found (see `buildValidateView`). */
async function writeValidateHtml(report: Omit<ValidateReport, 'html'>, problems: ProblemCollector, inputs: readonly PreparedInput[], options: ValidateCommandOptions, cwd: string): Promise<{ bytes: number }> {
  const [mapping] = await describeInputs([path.resolve(cwd, options.mappingFile)]);
  const settings: [string, string][] = [['methods-width', String(options.methodsWidth)], ['max-errors', options.maxErrors === undefined ? 'none' : String(options.maxErrors)]];
  const view = buildValidateView({
    mapping: { file: options.mappingFile, fingerprint: mapping?.sha256 },
    template: report.template,
    inputs: inputs.map((i) => ({ file: shortName(cwd, i.file), bytes: i.bytes })),
    settings,
    summary: report,
    interrupted: report.interrupted,
    templateChanged: report.templateChanged?.message,
    problems,
    errorsFile: options.errorsFile,
    generatedAt: new Date().toISOString(),
    toolVersion: packageVersion(),
  });
  return writeHtmlReport(view, path.resolve(cwd, options.htmlFile ?? ''));
}

/**
 * `validate`: the dry run. Reads, maps and validates every row, uploads nothing; prints a summary and
 * the first problems, writes every invalid record to the error file. Resolves with 0 when every record
 * is valid (or there was nothing to read: an empty drop folder), 1 when some are invalid, 130 when `signal` stopped it (reading stops at the next row, the
 * error file is closed whole and the summary covers the rows read); mapping, template and input
 * problems throw (exit 2).
 */
export async function validate(options: ValidateCommandOptions, source: TemplateSource, io: CliIo, signal?: AbortSignal): Promise<number> {
  const job = await loadJob({ ...source, mappingFile: options.mappingFile, cwd: io.cwd, settings: { methodsWidth: options.methodsWidth }, onWarning: (w) => warn(io, w) });
  const inputs = await prepareInputs({ inputs: options.inputs, recursive: options.recursive ?? false, mapping: job.prepared, cwd: io.cwd });
  const warned = new Set<string>();
  for (const input of inputs) {
    for (const w of input.compiled.warnings) {
      const text = `warning ${w.code}: ${shortName(io.cwd, options.mappingFile)}:${w.line}:${w.col} ${w.message}\n`;
      if (!warned.has(text)) io.stderr.write(text);
      warned.add(text);
    }
  }
  if (signal?.aborted) {
    io.stderr.write('interrupted before any row was read\n');
    return EXIT.interrupted;
  }
  const nothingToDo = inputs.length === 0;
  const errorFile: ErrorFile | undefined = options.errorsFile === undefined || nothingToDo ? undefined : await openErrorFile(path.resolve(io.cwd, options.errorsFile), inputs.map((i) => i.header));
  const tally = createValidationTally();
  const shown: RowProblem[] = [];
  const show = options.showProblems ?? 20;
  let problems = 0;
  const page = options.htmlFile === undefined ? undefined : createProblemCollector(DEFAULT_HTML_LIMITS.problems);
  try {
    // The same duplicate-key guard as ingest: a key used twice would upload twice or be skipped on resume.
    for await (const row of guardDuplicateKeys(mapInputs(inputs, { signal, onFile: () => tally.addFile() }))) {
      tally.add(row);
      if (row.problems.length === 0) continue;
      problems += row.problems.length;
      for (const p of row.problems) if (shown.length < show) shown.push(p);
      page?.addRowProblems(row.problems, row, (f) => shortName(io.cwd, f));
      await errorFile?.write(row);
      if (options.maxErrors !== undefined && tally.invalid >= options.maxErrors) {
        tally.stop();
        break;
      }
    }
  } finally {
    await errorFile?.close();
  }
  const base = {
    mapping: options.mappingFile,
    template: { id: job.template.id, pubDate: job.template.pubDate, from: job.templateFrom },
    ...tally.summary(),
    errorsFile: options.errorsFile,
    templateChanged: job.templateChanged,
    interrupted: signal?.aborted === true,
    nothingToDo,
  };
  const html = page === undefined || options.htmlFile === undefined ? undefined : { file: options.htmlFile, ...(await writeValidateHtml(base, page, inputs, options, io.cwd)) };
  const report: ValidateReport = { ...base, html };
  if (options.json) io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    if (shown.length > 0) {
      const more = problems > shown.length ? ` (the first ${show}; ${options.errorsFile === undefined ? 'use --errors FILE for all' : `all in ${options.errorsFile}`})` : '';
      io.stdout.write(`Problems${more}:\n`);
      io.stdout.write(formatRowProblems(shown, { fileName: (f) => shortName(io.cwd, f) }));
      io.stdout.write('\n');
    }
    io.stdout.write(summaryText(report, options.maxErrors));
  }
  if (report.interrupted) return EXIT.interrupted;
  return report.invalid > 0 ? EXIT.rowsFailed : EXIT.ok;
}
