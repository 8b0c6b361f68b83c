import type { SourceRow } from '../../sources/source-types.js';
import { validateRecord, type ValidateOptions } from '../../validate/validate-record.js';
import type { ValidationIssue } from '../../validate/validation-issue.js';
import type { CompiledMapping } from '../compile/compile-mapping.js';
import { groupConflicts } from './group-conflicts.js';
import { groupRows } from './group-rows.js';
import type { RowProblem } from '../../template/record-types.js';
import { LazyMappedRow } from './lazy-mapped-row.js';
import { cellLocation, type TracedCell } from '../compile/row-context.js';

/** The cell that fed a field path, or that of the closest traced parent path. */
function tracedCell(trace: ReadonlyMap<string, TracedCell> | undefined, path: string): TracedCell | undefined {
  if (!trace) return undefined;
  let p = path;
  for (;;) {
    const c = trace.get(p);
    if (c !== undefined) return c;
    const cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
    if (cut <= 0) return undefined;
    p = p.slice(0, cut);
  }
}

function issueToProblem(issue: ValidationIssue, first: SourceRow, cell: TracedCell | undefined): RowProblem {
  const location = cell ? cellLocation(cell.row.header, cell.row.rowNumber, cell.column) : cellLocation(first.header, first.rowNumber, -1);
  return { code: issue.code, message: issue.message, location, field: issue.field, expected: issue.expected, found: issue.found };
}

function byCell(a: RowProblem, b: RowProblem): number {
  if (a.location.row !== b.location.row) return a.location.row - b.location.row;
  const x = a.location.column ?? '';
  const y = b.location.column ?? '';
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
}

/** Maps and validates one group of rows (a single row without `groupBy`). */
export function mapGroup(rows: readonly SourceRow[], compiled: CompiledMapping, settings: ValidateOptions): LazyMappedRow {
  const first = rows[0]!;
  const problems: RowProblem[] = [];
  for (const row of rows) {
    for (const issue of row.issues) {
      const column = issue.columnIndex ?? -1;
      problems.push({
        code: issue.code,
        message: issue.message,
        location: cellLocation(row.header, row.rowNumber, column),
        field: undefined,
        expected: undefined,
        found: issue.found,
      });
    }
  }
  const location = cellLocation(first.header, first.rowNumber, -1);
  // Rows of no record: their one problem says so; mapping them would only add problems of a record that is not there.
  if (first.stray === true) return new LazyMappedRow(rows, compiled, location, undefined, problems, true);
  if (rows.length > 1)
    for (const conflict of groupConflicts(rows, compiled.firstRowColumns, compiled.firstFilledColumns)) problems.push(conflict);
  let result = compiled.mapRows(rows);
  const issues = validateRecord(result.partial, compiled.template, settings);
  if (issues.length === 0 && result.problems.length === 0) {
    if (problems.length > 1) problems.sort(byCell);
    return new LazyMappedRow(rows, compiled, location, result.record, problems);
  }
  // Second pass only for invalid rows: remember which cell fed each field so issues point at cells.
  result = compiled.mapRows(rows, true);
  problems.push(...result.problems);
  const reported = result.problems.map((p) => p.field ?? '');
  for (const issue of issues) {
    // A value that could not be read is reported once, not again as missing.
    if (reported.some((f) => f === issue.field || f.startsWith(`${issue.field}.`) || f.startsWith(`${issue.field}[`))) continue;
    problems.push(issueToProblem(issue, first, tracedCell(result.trace, issue.field)));
  }
  // Problems in reading order (row, then column), whatever order the fields were built in.
  problems.sort(byCell);
  return new LazyMappedRow(rows, compiled, location, result.record, problems);
}

/** The validation settings of a mapping: its own unless `settings` says otherwise. */
function validateOptions(compiled: CompiledMapping, settings: ValidateOptions): ValidateOptions {
  return { methodsWidth: settings.methodsWidth ?? compiled.check.methodsWidth, valueOnly: settings.valueOnly ?? compiled.valueOnly };
}

/**
 * Maps and validates one record from its rows (one row, or a `groupBy` group) with the settings the
 * stage uses ({@link toMappedRows}): for a caller that reads the groups itself (`preview`), so it
 * judges every record as `validate` and `ingest` do.
 */
export function groupMapper(compiled: CompiledMapping, settings: ValidateOptions = {}): (rows: readonly SourceRow[]) => LazyMappedRow {
  const options = validateOptions(compiled, settings);
  return (rows) => mapGroup(rows, compiled, options);
}

/**
 * Maps and validates rows one at a time, each its own record (a mapping without `groupBy`), for a
 * caller that decides row by row which rows to map (`toMappedRows` maps them all).
 */
export function rowMapper(compiled: CompiledMapping, settings: ValidateOptions = {}): (row: SourceRow) => LazyMappedRow {
  if (compiled.groupColumns.length > 0) throw new Error('rowMapper: a mapping with groupBy maps groups of rows');
  const options = validateOptions(compiled, settings);
  return (row) => mapGroup([row], compiled, options);
}

/**
 * The map + validate stage: source rows in, one {@link MappedRow} per record out (per row, or per
 * group of consecutive rows with `groupBy`), streaming with bounded memory. Every row reaches the
 * output exactly once; an invalid row is data with its problems, never an exception.
 */
export function toMappedRows(
  rows: AsyncIterable<SourceRow>,
  compiled: CompiledMapping,
  settings: ValidateOptions = {},
): AsyncIterable<LazyMappedRow> {
  const options = validateOptions(compiled, settings);
  if (compiled.groupColumns.length > 0) return mapGroups(groupRows(rows, compiled.groupColumns), compiled, options);
  // One row, one record: a hand-written iterator rather than an async generator, so a row costs one
  // `then` on the reader's promise instead of a generator's yield and await (measured: a sixth of the
  // stage's time went to promise machinery).
  return {
    [Symbol.asyncIterator]: (): AsyncIterator<LazyMappedRow> => {
      const source = rows[Symbol.asyncIterator]();
      const finished: IteratorReturnResult<undefined> = { done: true, value: undefined };
      const close = async (): Promise<IteratorReturnResult<undefined>> => {
        await source.return?.();
        return finished;
      };
      const map = (r: IteratorResult<SourceRow>): IteratorResult<LazyMappedRow> | Promise<IteratorResult<LazyMappedRow>> => {
        if (r.done) return finished;
        try {
          return { done: false, value: mapGroup([r.value], compiled, options) };
        } catch (error) {
          // As a generator's loop would: the reader is closed before the error reaches the consumer.
          return close().then(() => Promise.reject(error));
        }
      };
      return { next: () => source.next().then(map), return: close };
    },
  };
}

async function* mapGroups(
  groups: AsyncIterable<SourceRow[]>,
  compiled: CompiledMapping,
  options: ValidateOptions,
): AsyncIterable<LazyMappedRow> {
  for await (const group of groups) yield mapGroup(group, compiled, options);
}
