import type { ValidateResult } from '../../pipeline/run-validate.js';
import { earlyStopText } from '../../report/early-stop-text.js';
import { formatRowProblems } from './format-row-problems.js';
import { problemJson } from './problem-json.js';

/** What `validate --json` prints: the result's facts, flat, as scripts read them, and every problem met. */
export function validateJson(result: ValidateResult, name: (file: string) => string = (file) => file): Record<string, unknown> {
  const { summary, firstProblems, problemCount, interruptedBeforeRows: _before, ...rest } = result;
  return {
    schemaVersion: 1, // schema/validate-output.schema.json
    mapping: rest.mapping,
    template: rest.template,
    ...summary,
    stoppedEarly: summary.stoppedBy !== undefined,
    errorsFile: rest.errorsFile,
    html: rest.html,
    templateChanged: rest.templateChanged,
    interrupted: rest.interrupted,
    nothingToDo: rest.nothingToDo,
    problemCount,
    // Every problem, unless a run has more than the command keeps in memory; then the rest are counted.
    problems: firstProblems.map((p) => problemJson(p, name)),
    problemsOmitted: problemCount - firstProblems.length,
  };
}

/**
 * What `validate` prints as text: the first problems as a table, then the summary (files, rows,
 * records, valid, invalid; by code the problems and the records they are in, counted as `report` and
 * the page count them), why the run stopped early, and where the files went.
 */
export function formatValidateSummary(result: ValidateResult, name: (file: string) => string = (file) => file): string {
  if (result.interruptedBeforeRows) return 'interrupted before any row was read\n';
  const s = result.summary;
  if (result.nothingToDo) return 'nothing to validate: the inputs hold no table files (.csv, .tsv, .xlsx, .xlsm, .xls, .ods)\n';
  const out: string[] = [];
  const shown = result.firstProblems;
  if (shown.length > 0) {
    const more =
      result.problemCount > shown.length
        ? ` (the first ${shown.length}; ${result.errorsFile === undefined ? 'use --errors FILE for all' : `all in ${result.errorsFile}`})`
        : '';
    out.push(`Problems${more}:\n${formatRowProblems(shown, { fileName: name })}`);
  }
  const duplicates = s.duplicate > 0 ? `, ${s.duplicate} duplicate (repeated exactly, not sent)` : '';
  const lines = [`${s.files} file(s), ${s.rows} row(s), ${s.records} record(s): ${s.valid} valid, ${s.invalid} invalid${duplicates}`];
  const codes = Object.entries(s.invalidByCode);
  if (codes.length > 0)
    lines.push(`by code: ${codes.map(([code, n]) => `${code} ${s.problemsByCode[code] ?? n} problem(s) in ${n} record(s)`).join(', ')}`);
  if (s.stray > 0)
    lines.push(`${s.stray} row(s) of no record: table or array rows whose 数据ID is on no row of sheet 1, not read as records`);
  if (result.interrupted) lines.push('interrupted: the rest of the input was not read');
  else if (s.stoppedBy !== undefined) lines.push(earlyStopText(s.stoppedBy));
  if (result.errorsFile !== undefined && s.invalid + s.stray > 0)
    lines.push(`invalid records with their original cells: ${result.errorsFile}`);
  if (result.html !== undefined) lines.push(`the problems as a page: ${result.html.file}`);
  out.push(`${lines.join('\n')}\n`);
  return out.join('\n');
}
