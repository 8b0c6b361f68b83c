import type { SourceHeader, SourceRow } from '../../sources/source-types.js';
import type { Template } from '../../template/template-types.js';
import type { MappingCheck } from '../check/check-mapping.js';
import { compileField, plainFieldOf, type FieldEval } from './compile-field.js';
import { readPlainCell } from './plain-field.js';
import { compileMeta, type MetaEval } from './compile-meta.js';
import { MappingInvalidError } from '../mapping-errors.js';
import type { MappingProblem } from '../mapping-problem.js';
import { metaLiteralWarnings } from '../check/meta-literal-warnings.js';
import type { MappingSpec } from '../load/mapping-spec.js';
import type { PreparedMapping } from '../check/prepare-mapping.js';
import { splitHeaderUnit } from '../../util/normalize-name.js';
import { canonicalJson } from '../rows/canonical-json.js';
import { byCodeUnit, isIndexLike } from './set-key.js';
import { fixedKeysBuilder } from '../../util/fixed-keys.js';
import type { Field } from '../../template/template-types.js';
import type { JsonValue, PlatformRecord, RowProblem } from '../../template/record-types.js';
import { closestHeaders, findColumns } from './resolve-columns.js';
import { ROW_POSITION, ROW_POSITION_NAME } from '../rows/row-key.js';
import { valueOnlyRanges } from './value-only-ranges.js';
import { quote } from '../load/quoting-fix.js';
import { isKnownUnit } from '../values/unit-conversion.js';
import { suggestUnits, unitLine } from '../values/suggest-units.js';
import type { RowContext, TracedCell } from './row-context.js';

/** The result of mapping one record. `record` is undefined when a value could not be read. */
export interface MapResult {
  readonly record: PlatformRecord | undefined;
  /** What could be built, even when some value could not be read (for validating the rest). */
  readonly partial: PlatformRecord;
  readonly problems: RowProblem[];
  /** Which column fed each field path (only when tracing was asked for). */
  readonly trace: ReadonlyMap<string, TracedCell> | undefined;
}

/** A mapping bound to one header: columns resolved to indices, units to conversion factors. */
export interface CompiledMapping {
  /** The checked mapping this was compiled from (compiled again as it is for a header that changed). */
  readonly prepared: PreparedMapping;
  readonly spec: MappingSpec;
  readonly template: Template;
  readonly header: SourceHeader;
  readonly check: MappingCheck;
  /** Column indices of `key:` (empty: the record hash is the key; `ROW_POSITION` for `$row`). */
  readonly keyColumns: readonly number[];
  /** Column indices of `groupBy:` (empty: one row, one record). */
  readonly groupColumns: readonly number[];
  /**
   * Columns read from a group's first row only (every content value outside `fromRows`, but not the
   * `groupBy` columns): a continuation row with another value there would lose it.
   */
  readonly firstRowColumns: readonly number[];
  /**
   * Columns read from the group's first row that has a value (meta only): a later row with another
   * value there would lose it.
   */
  readonly firstFilledColumns: readonly number[];
  /** Columns whose cell, as it is, a number field reads (not through a `map`, regex or template). */
  readonly numberColumns: ReadonlySet<number>;
  /** Value±error fields that may go as `{val}` alone (`errOptional`), for the validator. */
  readonly valueOnly: ReadonlySet<Field>;
  /** Mapping warnings found against this header (`MAPPING_META_LITERAL_IS_COLUMN`): worth showing, not fatal. */
  readonly warnings: readonly MappingProblem[];
  /** Maps one row. */
  mapRow(row: SourceRow): MapResult;
  /** `canonicalJson` of a record this mapping built, computed without re-sorting its keys. */
  recordJson(record: PlatformRecord): string;
  /** Maps the rows of one group (`groupBy`) into one record; `trace` records cell sources. */
  mapRows(rows: readonly SourceRow[], trace?: boolean): MapResult;
}

interface Bound {
  readonly problems: MappingProblem[];
  readonly meta: MetaEval;
  readonly content: readonly (readonly [string, FieldEval, string])[];
  readonly keyColumns: number[];
  readonly groupColumns: number[];
  readonly firstRowColumns: number[];
  readonly firstFilledColumns: number[];
  readonly numberColumns: ReadonlySet<number>;
}

function bind(spec: MappingSpec, check: MappingCheck, template: Template, header: SourceHeader): Bound {
  const problems: MappingProblem[] = [];
  // A value compiled twice (an array element plan) must not report its missing column twice.
  const missing = new Set<string>();
  const resolve = (name: string, line: number, col: number, path: string, rest?: string): number => {
    const hits = findColumns(header, name);
    const id = `${line}:${col}:${name}`;
    const where = `${header.file}${header.sheet === undefined ? '' : ` sheet "${header.sheet}"`} (header row ${header.row})`;
    if (hits.length !== 1 && !missing.has(id)) {
      missing.add(id);
      const cut = hits.length === 0 && rest !== undefined ? commentCut(header, name, rest) : undefined;
      if (cut !== undefined)
        problems.push({
          code: 'MAPPING_COLUMN_NEEDS_QUOTES',
          message: `no column "${name}": YAML read "${rest?.trim() ?? ''}" as a comment, and the header is "${cut}": write it quoted, ${quote(cut)}`,
          line,
          col,
          path,
          suggestions: [cut],
        });
      else if (hits.length === 0)
        problems.push({
          code: 'MAPPING_COLUMN_NOT_FOUND',
          message: `no column "${name}" in ${where}`,
          line,
          col,
          path,
          suggestions: closestHeaders(header, name),
        });
      else {
        const candidates = hits.map((j) => header.names[j] ?? '');
        problems.push({
          code: 'MAPPING_COLUMN_AMBIGUOUS',
          message: `"${name}" could be any of ${candidates.map((c) => `"${c}"`).join(', ')} in ${where}: write the full header`,
          line,
          col,
          path,
          suggestions: candidates,
        });
      }
    }
    return hits.length === 1 ? hits[0]! : -1;
  };
  const firstRow = new Set<number>();
  const once = (i: number): number => {
    if (i >= 0) firstRow.add(i);
    return i;
  };
  const numberColumns = new Set<number>();
  const rowsEnv = {
    readsNumber: (column: number): void => {
      numberColumns.add(column);
    },
    resolve: (name: string, pos: { line: number; col: number }): number => resolve(name, pos.line, pos.col, 'content', restOf(pos)),
    headerUnit: (column: number): string | undefined => splitHeaderUnit(header.names[column] ?? '').unit,
    decimal: spec.decimal,
    unitProblem: (pos: { line: number; col: number }, field: { path: string; type: string }, from: string, to: string): void => {
      if (!isKnownUnit(from)) {
        const suggestions = suggestUnits(from, to);
        const fix =
          suggestions[0] === undefined
            ? "write the column's unit with `unit:` on the field"
            : `write the column's unit on the field: \`${unitLine(suggestions[0])}\``;
        problems.push({
          code: 'MAPPING_UNKNOWN_UNIT',
          message: `unknown unit "${from}" in a header of ${header.file} (the template's unit of "${field.path}" is "${to}"): ${fix}`,
          line: pos.line,
          col: pos.col,
          path: `content.${field.path}`,
          field: field.path,
          suggestions,
        });
        return;
      }
      problems.push({
        code: 'MAPPING_UNIT_CONVERSION',
        message: `cannot convert "${from}" to the template unit "${to}" of "${field.path}"`,
        line: pos.line,
        col: pos.col,
        path: `content.${field.path}`,
        field: field.path,
      });
    },
  };
  const env = {
    ...rowsEnv,
    resolve: (name: string, pos: { line: number; col: number }): number => once(rowsEnv.resolve(name, pos)),
    rowsEnv,
  };
  const positioned = (name: string, pos: { line: number; col: number }, path: string): number =>
    resolve(name, pos.line, pos.col, path, restOf(pos));
  const keyColumns = spec.key.map((k) => (k.name === ROW_POSITION_NAME ? ROW_POSITION : positioned(k.name, k, 'key')));
  const groupColumns = spec.groupBy.map((k) => positioned(k.name, k, 'groupBy'));
  const content = check.content
    .map(([name, plan]) => [name, compileField(plan, env), `content.${name}`] as const)
    .sort((a, b) => byCodeUnit(a[0], b[0]));
  const firstFilled = new Set<number>();
  const meta = compileMeta(check.meta, template.id, (name, pos) => {
    const i = resolve(name, pos.line, pos.col, 'meta', restOf(pos));
    if (i >= 0) firstFilled.add(i);
    return i;
  });
  for (const g of groupColumns) {
    firstRow.delete(g);
    firstFilled.delete(g);
  }
  // A column content reads from the first row is held to that row, even when meta reads it too.
  for (const c of firstRow) firstFilled.delete(c);
  // Found in build order (fields by name, then meta); reported in the order of the file.
  problems.sort((a, b) => a.line - b.line || a.col - b.col);
  return {
    problems,
    meta,
    content,
    keyColumns,
    groupColumns,
    firstRowColumns: [...firstRow].sort((a, b) => a - b),
    firstFilledColumns: [...firstFilled].sort((a, b) => a - b),
    numberColumns,
  };
}

/** The comment YAML found after an unquoted column name (`SpecScalar.lineRest`), if any. */
function restOf(pos: object): string | undefined {
  return 'lineRest' in pos && typeof pos.lineRest === 'string' ? pos.lineRest : undefined;
}

/** The one header a name cut short by a YAML comment (`Sample` + ` #2`) really names, if any. */
function commentCut(header: SourceHeader, name: string, rest: string): string | undefined {
  const hits = findColumns(header, `${name}${rest}`);
  return hits.length === 1 ? header.names[hits[0]!] : undefined;
}

function hasIndexLikeName(fields: readonly Field[]): boolean {
  return fields.some((f) => {
    if (isIndexLike(f.name)) return true;
    if (f.type === 'container') return hasIndexLikeName(f.fields);
    if (f.type === 'generator') return hasIndexLikeName(f.options);
    if (f.type === 'table') return hasIndexLikeName(f.columns);
    if (f.type === 'array') return hasIndexLikeName([f.element]);
    return false;
  });
}

/**
 * Problems of a checked mapping against a header: columns that do not exist (with the closest
 * headers) and header units that cannot convert to the template's.
 */
export function checkColumns(prepared: PreparedMapping, header: SourceHeader): MappingProblem[] {
  return bind(prepared.spec, prepared.check, prepared.template, header).problems;
}

/**
 * The `compile` of `load → check → compile`: binds a checked mapping to one header once (columns to
 * indices, header units to conversions); `mapRow` is the per-row hot path.
 * @throws MappingInvalidError `MAPPING_INVALID` with every problem of the header (missing or
 *   ambiguous columns, header units that cannot convert).
 */
export function compileMapping(prepared: PreparedMapping, header: SourceHeader): CompiledMapping {
  const { spec, check, template } = prepared;
  const bound = bind(spec, check, template, header);
  if (bound.problems.length > 0) throw new MappingInvalidError(spec.file, bound.problems);
  const { meta, content } = bound;
  // Records are built with keys in code-unit order, so their JSON is already canonical, unless a
  // field name looks like an array index (JS puts those first whatever the insertion order).
  const builtCanonical = !hasIndexLikeName(template.fields);
  // Parallel arrays walked by index: the per-row loop below is the stage's innermost one.
  const names = content.map(([name]) => name);
  const evaluators = content.map(([, evaluate]) => evaluate);
  const paths = content.map(([, , path]) => path);
  const plains = evaluators.map(plainFieldOf);
  const build = fixedKeysBuilder<JsonValue>(names);
  // Filled and built from within one call: an evaluator never maps another row.
  const values = new Array<JsonValue | undefined>(names.length);
  const mapRows = (rows: readonly SourceRow[], trace = false): MapResult => {
    const row = rows[0]!;
    const ctx: RowContext = { rows, row, problems: [], trace: trace ? new Map() : undefined };
    for (let i = 0; i < evaluators.length; i++) {
      const plain = plains[i];
      // The common cell is read here; a traced row (one with problems, mapped again) takes the evaluator, which traces.
      const v = plain === undefined || trace ? undefined : readPlainCell(plain, row.values[plain.index]);
      values[i] = v ?? evaluators[i]!(ctx, paths[i]!);
    }
    const m = meta(ctx);
    const partial: PlatformRecord = { content: build(values), meta: m };
    return { record: ctx.problems.length === 0 ? partial : undefined, partial, problems: ctx.problems, trace: ctx.trace };
  };
  return {
    prepared,
    spec,
    template,
    header,
    check,
    keyColumns: bound.keyColumns,
    groupColumns: bound.groupColumns,
    firstRowColumns: bound.firstRowColumns,
    firstFilledColumns: bound.firstFilledColumns,
    numberColumns: bound.numberColumns,
    valueOnly: valueOnlyRanges(check.content),
    warnings: metaLiteralWarnings(check.meta, header),
    mapRows,
    mapRow: (row) => mapRows([row]),
    recordJson: (record) => (builtCanonical ? JSON.stringify(record) : canonicalJson(record)),
  };
}
