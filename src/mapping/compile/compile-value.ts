import type { CellValue } from '../../sources/source-types.js';
import { formatDate } from '../values/format-date.js';
import type { JsonValue } from '../../template/record-types.js';
import { addProblem, type RowContext } from './row-context.js';
import type { SpecPos } from '../load/spec-node.js';
import type { ValuePlan } from '../check/value-plan.js';

/** A value read for one field: text, a number or boolean from the cell, a constant, or undefined (empty). */
export type RawValue = JsonValue | undefined;

/** Reads one value of a row; `column` is the column it came from (-1 for constants). */
export interface ValueReader {
  readonly column: number;
  /** Every column the value reads (a template's placeholders; none for a constant). */
  readonly columns: readonly number[];
  read(ctx: RowContext, path: string): RawValue;
  /**
   * Set when the value is one column's cell with no transform (no date, regex, map or lookup): a
   * non-empty text cell that needs no trim (`trim` false, or {@link mayNeedTrim} false) is then read
   * as it is, which a field may do without calling `read`.
   */
  readonly plainColumn?: { readonly index: number; readonly trim: boolean } | undefined;
}

/** Finds a column's index by the name the mapping used (resolved once per header); `pos` is where it was written. */
export type ResolveColumn = (name: string, pos: SpecPos) => number;

function cellText(value: CellValue): string {
  if (value === null) return '';
  if (typeof value === 'object') return value.iso;
  return String(value);
}

/**
 * False when `text` certainly has no space to trim: both ends are printable ASCII. Most cells are,
 * and `trim` itself cost a third of reading a value (it was called some 14 times per row).
 */
export function mayNeedTrim(text: string): boolean {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  return !(first > 32 && first < 127 && last > 32 && last < 127);
}

/**
 * Compiles a value spec into a reader: column lookups are resolved to indices here, so reading a row
 * is a few array accesses; problems (regex or lookup misses, bad dates) are added to the row context.
 */
export function compileValue(plan: ValuePlan, resolve: ResolveColumn): ValueReader {
  const src = plan.source;
  // The plan's options are read once here: the finish below runs for every value of every row.
  const { trim, date, regex, map, lookup } = plan;
  const fallback = plan.default ?? undefined;
  const plain = !date && !regex && !map && !lookup;
  const finish = (value: CellValue | JsonValue, ctx: RowContext, path: string, column: number): RawValue => {
    let v: CellValue | JsonValue = value;
    if (typeof v === 'string') {
      if (trim && mayNeedTrim(v)) v = v.trim();
      if (v === '') return fallback;
      // Most values are text cells with no transform: nothing more to do.
      if (plain) return v;
    } else if (v === null || v === undefined) return fallback;
    if (date) {
      const text = formatDate(v as CellValue, date.to, date.from);
      if (text === undefined) {
        addProblem(
          ctx,
          'VALUE_NOT_A_DATE',
          column,
          path,
          date.from ? `a date like ${date.from}` : 'a date',
          cellText(v as CellValue),
          'the cell is not a date',
        );
        return undefined;
      }
      v = text;
    } else if (typeof v === 'object' && !Array.isArray(v) && v !== null && (v as { kind?: unknown }).kind === 'date') {
      v = (v as { iso: string }).iso;
    }
    if (regex) {
      const m = regex.exec(typeof v === 'string' ? v : String(v));
      if (!m) {
        addProblem(
          ctx,
          'VALUE_NO_MATCH',
          column,
          path,
          `text matching ${regex.source}`,
          String(v),
          'the cell does not match the regex of the mapping',
        );
        return undefined;
      }
      // With a capture group, a group that took no part (an optional `(…)?`) means absent.
      v = (m.length > 1 ? (m[1] ?? '') : m[0]).trim();
      if (v === '') return fallback;
    }
    if (map) {
      const key = typeof v === 'string' ? v : String(v);
      if (map.has(key)) v = map.get(key) ?? null;
    }
    if (lookup) {
      const key = typeof v === 'string' ? v : String(v);
      if (!lookup.has(key)) {
        addProblem(
          ctx,
          'LOOKUP_MISS',
          column,
          path,
          `one of ${[...lookup.keys()].join(', ')}`,
          key,
          'the value is not in the lookup table of the mapping',
        );
        return undefined;
      }
      v = lookup.get(key) ?? null;
    }
    return v === null ? fallback : (v as JsonValue);
  };

  if (src.kind === 'const') {
    return { column: -1, columns: [], read: (ctx, path) => finish(src.value, ctx, path, -1) };
  }
  if (src.kind === 'column') {
    const index = resolve(src.name, src.pos);
    return {
      column: index,
      columns: [index],
      read: (ctx, path) => finish(ctx.row.values[index] ?? null, ctx, path, index),
      plainColumn: plain ? { index, trim } : undefined,
    };
  }
  const parts = src.parts.map((p) => (typeof p === 'string' ? p : { column: resolve(p.name, p.pos), optional: p.optional }));
  const columns = parts.flatMap((p) => (typeof p === 'string' ? [] : [p.column]));
  const first = columns[0] ?? -1;
  return {
    column: first,
    columns,
    read(ctx, path) {
      let out = '';
      let filledAny = false;
      let gap = false;
      for (const p of parts) {
        if (typeof p === 'string') {
          // An optional placeholder left out leaves no doubled space: "{a} at {b?} ℃" → "A at ℃".
          out += gap && /\s$/.test(out) ? p.replace(/^\s+/, '') : p;
          gap = false;
          continue;
        }
        const cell = cellText(ctx.row.values[p.column] ?? null).trim();
        if (cell === '') {
          if (p.optional) {
            gap = true;
            continue;
          }
          // An empty placeholder makes the whole text absent rather than half-filled; a problem
          // about the absent value points at this cell.
          if (ctx.trace) ctx.trace.set(path, { row: ctx.row, column: p.column });
          return plan.default ?? undefined;
        }
        filledAny = true;
        gap = false;
        out += cell;
      }
      // Every placeholder optional and empty: nothing of the row is in the text.
      if (!filledAny && columns.length > 0) {
        if (ctx.trace) ctx.trace.set(path, { row: ctx.row, column: first });
        return plan.default ?? undefined;
      }
      return finish(out, ctx, path, first);
    },
  };
}
