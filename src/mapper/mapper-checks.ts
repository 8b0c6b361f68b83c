import { isMgeError } from '../errors/mge-error.js';
import { MappingInvalidError } from '../mapping/mapping-errors.js';
import type { TemplateSource } from '../pipeline/job/fetch-template.js';
import type { ReadProgress } from '../pipeline/create-read-progress.js';
import { runPreview, type PreviewRecord } from '../pipeline/run-preview.js';
import { runValidate } from '../pipeline/run-validate.js';
import { cellReference } from '../report/html/cell-reference.js';
import { cellValueText } from '../sources/cell-value-text.js';
import type { MethodsWidth, RowLocation, RowProblem } from '../template/record-types.js';
import { displayPath } from '../util/display-path.js';
import type { CountsView, MappingProblemView, PreviewRecordView, RowProblemView } from './mapper-api.js';

/** What the checks of a draft run with: the stages' own options, as `preview` and `validate` take them. */
export interface CheckContext {
  /** The input as the user named it, and where it is found from. */
  readonly input: string;
  readonly cwd: string;
  /** The mapping file as named (in messages; its text is the draft's). */
  readonly mappingFile: string;
  readonly template: TemplateSource;
  readonly methodsWidth: MethodsWidth;
  readonly version: string;
  /** Records previewed. */
  readonly previewRows: number;
  readonly clock: () => number;
}

/** The check of a draft before any row: its problems, warnings and the first records. */
export interface DraftCheck {
  /** No mapping problem: the whole input can be validated. */
  readonly ok: boolean;
  readonly problems: readonly MappingProblemView[];
  readonly warnings: readonly string[];
  readonly preview: readonly PreviewRecordView[];
}

/** Row problems listed with the counts. */
const FIRST_PROBLEMS = 20;

const where = (ctx: CheckContext, l: RowLocation): string => cellReference(displayPath(ctx.cwd, l.file), l.sheet, l.cell, l.row);

function problemView(ctx: CheckContext, p: RowProblem): RowProblemView {
  return { code: p.code, message: p.message, cell: where(ctx, p.location), field: p.field ?? '', found: p.found ?? '' };
}

function recordView(ctx: CheckContext, r: PreviewRecord): PreviewRecordView {
  const first = r.rowNumbers[0] ?? r.location.row;
  const last = r.rowNumbers.at(-1) ?? first;
  return {
    rows: cellReference(displayPath(ctx.cwd, r.location.file), r.location.sheet, undefined, first).replace(
      /:\d+$/,
      last > first ? `:${last}` : '',
    ),
    key: r.key,
    values: r.values.map((v) => ({
      path: v.path,
      value: v.value,
      cell: v.cell === undefined ? '' : where(ctx, v.cell),
      found: cellValueText(v.found),
      conversion:
        v.convertedFrom === undefined ? '' : `${cellValueText(v.found)} ${v.convertedFrom} → ${String(v.value)} ${v.unit ?? ''}`.trim(),
    })),
    problems: r.problems.map((p) => problemView(ctx, p)),
  };
}

/** A mapping, template or input error as the page lists it; anything else is the program's own and thrown on. */
function asProblems(error: unknown): MappingProblemView[] {
  if (error instanceof MappingInvalidError)
    return error.problems.map((p) => ({
      code: p.code,
      message: p.message,
      line: p.line,
      col: p.col,
      path: p.path,
      suggestions: p.suggestions ?? [],
    }));
  if (isMgeError(error) && error.kind !== 'internal') {
    const at = error.location;
    const hint = error.hint === undefined ? '' : ` (${error.hint})`;
    return [
      {
        code: error.code,
        message: `${error.message}${hint}`,
        line: at?.row ?? 0,
        col: at?.col ?? 0,
        path: at?.field ?? '',
        suggestions: [],
      },
    ];
  }
  throw error;
}

/** Checks a draft as `preview` does: the mapping against the template and the input's header, then the first records. */
export async function checkDraft(text: string, ctx: CheckContext): Promise<DraftCheck> {
  const warnings: string[] = [];
  try {
    const result = await runPreview(
      {
        mappingFile: ctx.mappingFile,
        mappingText: text,
        inputs: [ctx.input],
        cwd: ctx.cwd,
        methodsWidth: ctx.methodsWidth,
        rows: ctx.previewRows,
      },
      { template: ctx.template, onWarning: (w) => warnings.push('message' in w ? `${w.code}: ${w.message}` : w.code) },
    );
    return { ok: true, problems: [], warnings, preview: result.records.map((r) => recordView(ctx, r)) };
  } catch (error) {
    return { ok: false, problems: asProblems(error), warnings, preview: [] };
  }
}

/** A background `validate` of the whole input, whose counts can be read while it runs. */
export interface CountsRun {
  current(): CountsView;
  /** Stops reading (a newer edit started another run). */
  abort(): void;
  /** Settles when the run ends, whether done, stopped or failed. */
  readonly ended: Promise<void>;
}

const fieldKey = (field: string | undefined): string => (field === undefined ? '(record)' : field.replace(/\[\d+\]/g, ''));

/**
 * Starts `validate` of the whole input with the draft (the same stages and options as the command
 * with no output files), counting as the records pass; once it is done, the counts are its summary's.
 */
export function startCounts(text: string, ctx: CheckContext, revision: number, startedAt: number): CountsRun {
  const controller = new AbortController();
  let reading: ReadProgress | undefined;
  let records = 0;
  let invalid = 0;
  const invalidByCode: Record<string, number> = {};
  const problemsByCode: Record<string, number> = {};
  const byField: Record<string, Record<string, number>> = {};
  const firstProblems: RowProblemView[] = [];
  let final: Omit<CountsView, 'byField' | 'firstProblems' | 'revision'> | undefined;
  let failure: string | undefined;
  const count = (valid: boolean, problems: readonly RowProblem[]): void => {
    records++;
    if (valid) return;
    invalid++;
    for (const code of new Set(problems.map((p) => p.code))) invalidByCode[code] = (invalidByCode[code] ?? 0) + 1;
    for (const p of problems) {
      problemsByCode[p.code] = (problemsByCode[p.code] ?? 0) + 1;
      const field = (byField[fieldKey(p.field)] ??= {});
      field[p.code] = (field[p.code] ?? 0) + 1;
      if (firstProblems.length < FIRST_PROBLEMS) firstProblems.push(problemView(ctx, p));
    }
  };
  const ended = runValidate(
    {
      mappingFile: ctx.mappingFile,
      mappingText: text,
      inputs: [ctx.input],
      cwd: ctx.cwd,
      methodsWidth: ctx.methodsWidth,
      maxErrors: undefined,
      errorsFile: undefined,
      htmlFile: undefined,
      keepProblems: 0,
      version: ctx.version,
    },
    { template: ctx.template, signal: controller.signal, onStart: (r) => (reading = r), onRecord: count },
  ).then(
    (result) => {
      if (result.interrupted) return;
      const { stoppedBy: _none, ...summary } = result.summary;
      final = { ...summary, done: true, fraction: 1, elapsedMs: ctx.clock() - startedAt, failure: undefined };
    },
    (error: unknown) => {
      if (controller.signal.aborted) return;
      failure = asProblems(error)[0]?.message;
    },
  );
  return {
    current: () => ({
      revision,
      ...(final ?? {
        done: failure !== undefined,
        fraction: reading?.fraction() ?? 0,
        files: 1,
        rows: records,
        records,
        valid: records - invalid,
        invalid,
        duplicate: 0,
        invalidByCode: { ...invalidByCode },
        problemsByCode: { ...problemsByCode },
        elapsedMs: ctx.clock() - startedAt,
        failure,
      }),
      byField,
      firstProblems,
    }),
    abort: () => controller.abort(),
    ended,
  };
}
