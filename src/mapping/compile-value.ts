import type { CellValue } from '../sources/source-types.js';
import { formatDate } from './parse-date.js';
import type { JsonValue } from './record-types.js';
import { addProblem, type RowContext } from './row-context.js';
import type { SpecPos } from './spec-node.js';
import type { ValuePlan } from './value-plan.js';

/** A value read for one field: text, a number or boolean from the cell, a constant, or undefined (empty). */
export type RawValue = JsonValue | undefined;

/** Reads one value of a row; `column` is the column it came from (-1 for constants). */
export interface ValueReader {
  readonly column: number;
  read(ctx: RowContext, path: string): RawValue;
}

/** Finds a column's index by the name the mapping used (resolved once per header); `pos` is where it was written. */
export type ResolveColumn = (name: string, pos: SpecPos) => number;

function cellText(value: CellValue): string {
  if (value === null) return '';
  if (typeof value === 'object') return value.iso;
  return String(value);
}

/**
 * Compiles a value spec into a reader: column lookups are resolved to indices here, so reading a row
 * is a few array accesses; problems (regex or lookup misses, bad dates) are added to the row context.
 */
export function compileValue(plan: ValuePlan, resolve: ResolveColumn): ValueReader {
  const src = plan.source;
  const finish = (value: CellValue | JsonValue, ctx: RowContext, path: string, column: number): RawValue => {
    let v: CellValue | JsonValue = value;
    if (typeof v === 'string' && plan.trim) v = v.trim();
    if (v === '' || v === null || v === undefined) return plan.default ?? undefined;
    if (plan.date) {
      const text = formatDate(v as CellValue, plan.date.to, plan.date.from);
      if (text === undefined) {
        addProblem(ctx, 'VALUE_NOT_A_DATE', column, path, plan.date.from ? `a date like ${plan.date.from}` : 'a date', cellText(v as CellValue), 'the cell is not a date');
        return undefined;
      }
      v = text;
    } else if (typeof v === 'object' && !Array.isArray(v) && v !== null && (v as { kind?: unknown }).kind === 'date') {
      v = (v as { iso: string }).iso;
    }
    if (plan.regex) {
      const m = plan.regex.exec(typeof v === 'string' ? v : String(v));
      if (!m) {
        addProblem(ctx, 'VALUE_NO_MATCH', column, path, `text matching ${plan.regex.source}`, String(v), 'the cell does not match the regex of the mapping');
        return undefined;
      }
      // With a capture group, a group that took no part (an optional `(…)?`) means absent.
      v = (m.length > 1 ? (m[1] ?? '') : m[0]).trim();
      if (v === '') return plan.default ?? undefined;
    }
    if (plan.map) {
      const key = typeof v === 'string' ? v : String(v);
      if (plan.map.has(key)) v = plan.map.get(key) ?? null;
    }
    if (plan.lookup) {
      const key = typeof v === 'string' ? v : String(v);
      if (!plan.lookup.has(key)) {
        addProblem(ctx, 'LOOKUP_MISS', column, path, `one of ${[...plan.lookup.keys()].join(', ')}`, key, 'the value is not in the lookup table of the mapping');
        return undefined;
      }
      v = plan.lookup.get(key) ?? null;
    }
    return v === null ? (plan.default ?? undefined) : (v as JsonValue);
  };

  if (src.kind === 'const') {
    return { column: -1, read: (ctx, path) => finish(src.value, ctx, path, -1) };
  }
  if (src.kind === 'column') {
    const index = resolve(src.name, src.pos);
    return { column: index, read: (ctx, path) => finish(ctx.row.values[index] ?? null, ctx, path, index) };
  }
  const parts = src.parts.map((p) => (typeof p === 'string' ? p : resolve(p.name, p.pos)));
  const first = parts.find((p): p is number => typeof p === 'number') ?? -1;
  return {
    column: first,
    read(ctx, path) {
      let out = '';
      for (const p of parts) {
        if (typeof p === 'string') out += p;
        else {
          const cell = cellText(ctx.row.values[p] ?? null).trim();
          // An empty placeholder makes the whole text absent rather than half-filled; a problem
          // about the absent value points at this cell.
          if (cell === '') {
            if (ctx.trace) ctx.trace.set(path, { row: ctx.row, column: p });
            return plan.default ?? undefined;
          }
          out += cell;
        }
      }
      return finish(out, ctx, path, first);
    },
  };
}
