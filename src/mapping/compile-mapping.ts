import type { SourceHeader, SourceRow } from '../sources/source-types.js';
import type { Template } from '../template/template-types.js';
import { checkMapping, type MappingCheck, type MappingSettings } from './check-mapping.js';
import { compileField, type FieldEval } from './compile-field.js';
import { compileMeta, type MetaEval } from './compile-meta.js';
import { mappingInvalidError, type MappingProblem } from './mapping-problem.js';
import type { MappingSpec } from './mapping-spec.js';
import { splitHeaderUnit } from './normalize-name.js';
import type { JsonValue, PlatformRecord, RowProblem } from './record-types.js';
import { closestHeaders, findColumn } from './resolve-columns.js';
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
  readonly spec: MappingSpec;
  readonly template: Template;
  readonly header: SourceHeader;
  readonly check: MappingCheck;
  /** Column indices of `key:` (empty: the record hash is the key). */
  readonly keyColumns: readonly number[];
  /** Column indices of `groupBy:` (empty: one row, one record). */
  readonly groupColumns: readonly number[];
  /** Maps one row. */
  mapRow(row: SourceRow): MapResult;
  /** Maps the rows of one group (`groupBy`) into one record; `trace` records cell sources. */
  mapRows(rows: readonly SourceRow[], trace?: boolean): MapResult;
}

interface Bound {
  readonly problems: MappingProblem[];
  readonly meta: MetaEval;
  readonly content: readonly (readonly [string, FieldEval, string])[];
  readonly keyColumns: number[];
  readonly groupColumns: number[];
}

function bind(spec: MappingSpec, check: MappingCheck, template: Template, header: SourceHeader): Bound {
  const problems: MappingProblem[] = [];
  const resolve = (name: string, line = 0, col = 0, path = 'content'): number => {
    const i = findColumn(header, name);
    if (i < 0 && !problems.some((p) => p.code === 'MAPPING_COLUMN_NOT_FOUND' && p.line === line && p.col === col)) {
      problems.push({ code: 'MAPPING_COLUMN_NOT_FOUND', message: `no column "${name}" in ${header.file}${header.sheet === undefined ? '' : ` sheet "${header.sheet}"`} (header row ${header.row})`, line, col, path, suggestions: closestHeaders(header, name) });
    }
    return i;
  };
  // Readers resolve by name only; `fixPositions` then places each missing column on its mapping line.
  let at = { line: 0, col: 0, path: 'content' };
  const resolveAt = (name: string): number => resolve(name, at.line, at.col, at.path);
  const env = {
    resolve: resolveAt,
    headerUnit: (column: number): string | undefined => splitHeaderUnit(header.names[column] ?? '').unit,
    decimal: spec.decimal,
    unitProblem: (pos: { line: number; col: number }, field: { path: string; type: string }, from: string, to: string): void => {
      problems.push({ code: 'MAPPING_UNIT_CONVERSION', message: `cannot convert "${from}" to the template unit "${to}" of "${field.path}"`, line: pos.line, col: pos.col, path: `content.${field.path}`, field: field.path });
    },
  };
  const positioned = (name: string, pos: { line: number; col: number }, path: string): number => resolve(name, pos.line, pos.col, path);
  const keyColumns = spec.key.map((k) => positioned(k.name, k, 'key'));
  const groupColumns = spec.groupBy.map((k) => positioned(k.name, k, 'groupBy'));
  const content = check.content.map(([name, plan]) => {
    at = { line: 0, col: 0, path: `content.${name}` };
    return [name, compileField(plan, env), `content.${name}`] as const;
  });
  at = { line: 0, col: 0, path: 'meta' };
  const meta = compileMeta(check.meta, template.id, resolveAt);
  fixPositions(problems, spec);
  return { problems, meta, content, keyColumns, groupColumns };
}

/** A missing column is reported at the line where the mapping names it. */
function fixPositions(problems: MappingProblem[], spec: MappingSpec): void {
  const lines = spec.content || spec.meta ? locateNames(spec) : new Map<string, { line: number; col: number }>();
  for (let i = 0; i < problems.length; i++) {
    const p = problems[i]!;
    if (p.code !== 'MAPPING_COLUMN_NOT_FOUND' || p.line !== 0) continue;
    const name = /"(.*)"/.exec(p.message)?.[1] ?? '';
    const pos = lines.get(name);
    if (pos) problems[i] = { ...p, line: pos.line, col: pos.col };
  }
}

function locateNames(spec: MappingSpec): Map<string, { line: number; col: number }> {
  const out = new Map<string, { line: number; col: number }>();
  const walk = (node: import('./spec-node.js').SpecNode): void => {
    if (node.kind === 'scalar') {
      if (typeof node.value === 'string') {
        if (!out.has(node.value)) out.set(node.value, node);
        for (const m of node.value.matchAll(/\{([^{}]+)\}/g)) if (m[1] && !out.has(m[1].trim())) out.set(m[1].trim(), node);
      } else if (node.value !== null && !out.has(node.raw)) out.set(node.raw, node);
    } else if (node.kind === 'seq') node.items.forEach(walk);
    else node.entries.forEach(walk);
  };
  if (spec.content) walk(spec.content);
  if (spec.meta) walk(spec.meta);
  return out;
}

/**
 * Problems of a checked mapping against a header: columns that do not exist (with the closest
 * headers) and header units that cannot convert to the template's.
 */
export function checkColumns(spec: MappingSpec, check: MappingCheck, template: Template, header: SourceHeader): MappingProblem[] {
  return bind(spec, check, template, header).problems;
}

/**
 * Compiles a mapping for one header, once; the returned `mapRow` is the per-row hot path. Throws
 * `MAPPING_INVALID` (kind `mapping`) with every problem of the mapping and of its columns.
 */
export function compileMapping(spec: MappingSpec, template: Template, header: SourceHeader, settings: MappingSettings = {}): CompiledMapping {
  const check = checkMapping(spec, template, settings);
  const bound = bind(spec, check, template, header);
  const problems = [...check.problems, ...bound.problems];
  if (problems.length > 0) throw mappingInvalidError(spec.file, problems);
  const { meta, content } = bound;
  const mapRows = (rows: readonly SourceRow[], trace = false): MapResult => {
    const ctx: RowContext = { rows, row: rows[0]!, problems: [], trace: trace ? new Map() : undefined };
    const out: { [field: string]: JsonValue } = {};
    for (const [name, evaluate, path] of content) {
      const v = evaluate(ctx, path);
      if (v !== undefined) out[name] = v;
    }
    const m = meta(ctx);
    const partial: PlatformRecord = { meta: m, content: out };
    return { record: ctx.problems.length === 0 ? partial : undefined, partial, problems: ctx.problems, trace: ctx.trace };
  };
  return {
    spec,
    template,
    header,
    check,
    keyColumns: bound.keyColumns,
    groupColumns: bound.groupColumns,
    mapRows,
    mapRow: (row) => mapRows([row]),
  };
}
