import { compileValue, type RawValue } from './compile-value.js';
import type { PlainField } from './plain-field.js';
import type { FieldPlan, NamedPlans } from '../check/field-plan.js';
import type { JsonValue } from '../../template/record-types.js';
import { addProblem, type RowContext } from './row-context.js';
import { hasLeadingZero, splitNumberList } from '../values/split-number-list.js';
import { coercerFor, coercionFor, columnInPercent, conversionFor, numberCoercer } from './coercer-for.js';
import type { CompileEnv } from './compile-env.js';
import { byCodeUnit, setKey } from './set-key.js';

/** Produces one field's value for a record (undefined = absent, the key is left out). */
export type FieldEval = (ctx: RowContext, path: string) => JsonValue | undefined;

function traced(ctx: RowContext, path: string, column: number): void {
  if (ctx.trace && column >= 0) ctx.trace.set(path, { row: ctx.row, column });
}

/** The plain reading of each evaluator that has one (see {@link plainFieldOf}). */
const plainFields = new WeakMap<FieldEval, PlainField>();

/**
 * The plain reading of a field evaluator made by {@link compileField}, when its field is one column's
 * cell with no transform: `compileMapping` tries it first (`readPlainCell`), the evaluator after.
 */
export function plainFieldOf(evaluate: FieldEval): PlainField | undefined {
  return plainFields.get(evaluate);
}

/** Compiles a field plan into its evaluator. */
export function compileField(plan: FieldPlan, env: CompileEnv): FieldEval {
  switch (plan.kind) {
    case 'value': {
      const reader = compileValue(plan.value, env.resolve);
      const { coerce, plain } = coercionFor(plan.field, plan.value, reader, env);
      const split = plan.value.split;
      const isPath = plan.field.type === 'image' || plan.field.type === 'file';
      const evaluate: FieldEval = (ctx, path) => {
        traced(ctx, path, reader.column);
        const raw = reader.read(ctx, path);
        if (raw === undefined) return undefined;
        if (isPath && split && typeof raw === 'string') {
          const parts = raw
            .split(split)
            .map((s) => s.trim())
            .filter((s) => s !== '');
          return parts.length === 0 ? undefined : parts;
        }
        return coerce(raw, ctx, path, reader.column);
      };
      const column = reader.plainColumn;
      if (column !== undefined && plain !== undefined && !isPath)
        plainFields.set(evaluate, { index: column.index, trim: column.trim, value: plain });
      return evaluate;
    }
    case 'range1': {
      const reader = compileValue(plan.value, env.resolve);
      const coerce = coercerFor(plan.field, plan.value, reader, env);
      return (ctx, path) => {
        traced(ctx, path, reader.column);
        const raw = reader.read(ctx, path);
        return raw === undefined ? undefined : coerce(raw, ctx, path, reader.column);
      };
    }
    case 'range2': {
      const a = compileValue(plan.a, env.resolve);
      const b = compileValue(plan.b, env.resolve);
      const numField = { ...plan.field, type: 'number' as const };
      const ca = coercerFor(numField, plan.a, a, env);
      // An error is a width: it takes the unit factor but not a temperature offset.
      const convB = conversionFor(plan.b, b, plan.field, env);
      if (plan.field.rangeType === 'error' && b.plainColumn !== undefined) env.readsNumber?.(b.plainColumn.index);
      const cb =
        plan.field.rangeType === 'error'
          ? numberCoercer(
              { factor: convB.factor, offset: 0 },
              plan.b.decimal ?? env.decimal,
              plan.field.unit,
              columnInPercent(plan.b, b, plan.field, env),
            )
          : coercerFor(numField, plan.b, b, env);
      const [ka, kb] = plan.field.rangeType === 'interval' ? ['lb', 'ub'] : ['val', 'err'];
      return (ctx, path) => {
        traced(ctx, `${path}.${ka}`, a.column);
        traced(ctx, `${path}.${kb}`, b.column);
        traced(ctx, path, a.column);
        const ra = a.read(ctx, `${path}.${ka}`);
        const rb = b.read(ctx, `${path}.${kb}`);
        if (ra === undefined && rb === undefined) return undefined;
        // One side empty: a problem about the range's shape belongs at the empty cell, not the filled one.
        if (rb === undefined && !plan.errOptional) traced(ctx, path, b.column);
        const va = ra === undefined ? undefined : ca(ra, ctx, `${path}.${ka}`, a.column);
        const vb = rb === undefined ? undefined : cb(rb, ctx, `${path}.${kb}`, b.column);
        // Keys in code-unit order (lb, ub / err, val): records are built canonical (see compileMapping).
        const out: { [k: string]: JsonValue } = {};
        if (kb === 'err' && vb !== undefined) out['err'] = vb;
        if (va !== undefined) out[ka] = va;
        if (kb !== 'err' && vb !== undefined) out[kb] = vb;
        return out;
      };
    }
    case 'arraySplit': {
      const reader = compileValue({ ...plan.value, split: undefined }, env.resolve);
      const split = plan.value.split!;
      const element = plan.field.element;
      const coerce = coercerFor(element, plan.value, reader, env);
      const isPath = element.type === 'image' || element.type === 'file';
      const numeric = element.type === 'number' || element.type === 'range';
      const smartSplit = numeric && plan.defaultSplit === true;
      const decimal = plan.value.decimal ?? env.decimal;
      return (ctx, path) => {
        traced(ctx, path, reader.column);
        const raw = reader.read(ctx, path);
        if (raw === undefined) return undefined;
        let pieces: readonly JsonValue[];
        if (typeof raw !== 'string') pieces = [raw];
        else if (smartSplit) {
          const cut = splitNumberList(raw, decimal, element.type === 'range');
          if (!cut.ok) {
            addProblem(ctx, 'VALUE_AMBIGUOUS', reader.column, path, cut.expected, raw, cut.message);
            return undefined;
          }
          pieces = cut.pieces;
        } else
          pieces = raw
            .split(split)
            .map((s) => s.trim())
            .filter((s) => s !== '');
        const out: JsonValue[] = [];
        for (let i = 0; i < pieces.length; i++) {
          const p = `${path}[${i}]`;
          traced(ctx, p, reader.column);
          const piece = pieces[i]!;
          if (element.type === 'number' && typeof piece === 'string' && hasLeadingZero(piece)) {
            addProblem(
              ctx,
              'VALUE_AMBIGUOUS',
              reader.column,
              p,
              'a number without a leading zero (is a thousands separator or a split missing?)',
              piece,
              'a list element with a leading zero is not read as a number',
            );
            continue;
          }
          const v = isPath ? piece : coerce(piece, ctx, p, reader.column);
          if (v !== undefined) out.push(v);
        }
        return out.length === 0 ? undefined : out;
      };
    }
    case 'arrayColumns': {
      const items = plan.items.map((item) => (item.kind === 'container' ? compileRow(item.children, env) : compileField(item, env)));
      return (ctx, path) => {
        const out: JsonValue[] = [];
        for (const item of items) {
          const v = item(ctx, `${path}[${out.length}]`);
          if (v !== undefined) out.push(v);
        }
        return out.length === 0 ? undefined : out;
      };
    }
    case 'arrayRows': {
      const element = compileField(plan.element, env.rowsEnv ?? env);
      return (ctx, path) => eachRow(ctx, (i) => element(ctx, `${path}[${i}]`));
    }
    case 'tableRows': {
      const rows = plan.rows.map((row) => compileRow(row, env));
      return (ctx, path) => {
        const out: JsonValue[] = [];
        for (const row of rows) {
          const v = row(ctx, `${path}[${out.length}]`);
          if (v !== undefined) out.push(v);
        }
        return out.length === 0 ? undefined : out;
      };
    }
    case 'tableFromRows': {
      const row = compileNamed(plan.row, env.rowsEnv ?? env);
      return (ctx, path) => eachRow(ctx, (i) => row(ctx, `${path}[${i}]`));
    }
    case 'tableColumns':
      return compileTableColumns(plan, env);
    case 'container':
      return compileNamed(plan.children, env);
    case 'generator': {
      const options = plan.children.map(([name, child]) => [name, compileField(child, env)] as const);
      // The first option with a value wins: a record holds exactly one (docs/platform.md#field-types).
      return (ctx, path) => {
        for (const [name, option] of options) {
          const v = option(ctx, `${path}.${name}`);
          if (v !== undefined) return { [name]: v };
        }
        return undefined;
      };
    }
  }
}

/** Runs `produce` once per grouped row, with that row as the current one. */
function eachRow(ctx: RowContext, produce: (index: number) => JsonValue | undefined): JsonValue | undefined {
  const current = ctx.row;
  const out: JsonValue[] = [];
  for (const row of ctx.rows) {
    ctx.row = row;
    const v = produce(out.length);
    if (v !== undefined) out.push(v);
  }
  ctx.row = current;
  return out.length === 0 ? undefined : out;
}

/** An object from named children, keys in code-unit order; absent when every child is absent. */
export function compileNamed(children: NamedPlans, env: CompileEnv): FieldEval {
  const compiled = children.map(([name, child]) => [name, compileField(child, env)] as const).sort((a, b) => byCodeUnit(a[0], b[0]));
  return (ctx, path) => {
    let out: { [k: string]: JsonValue } | undefined;
    for (const [name, child] of compiled) {
      const v = child(ctx, `${path}.${name}`);
      if (v !== undefined) setKey((out ??= {}), name, v);
    }
    return out;
  };
}

/** True when a plan takes something from a cell (not only constants). */
function readsCells(plan: FieldPlan): boolean {
  if (plan.kind === 'value' || plan.kind === 'range1') return plan.value.source.kind !== 'const';
  if (plan.kind === 'range2') return plan.a.source.kind !== 'const' || plan.b.source.kind !== 'const';
  return true;
}

/**
 * A table row or an array element listed in the mapping: left out when none of its cells has a value,
 * so `{元素: {const: C}, 含量: c}` makes no row for an empty `c` (the constant is only a label).
 */
function compileRow(children: NamedPlans, env: CompileEnv): FieldEval {
  const fromCells = children.some(([, plan]) => readsCells(plan));
  const constantsOnly = children.filter(([, plan]) => !readsCells(plan)).map(([name]) => name);
  const row = compileNamed(children, env);
  if (!fromCells) return row;
  return (ctx, path) => {
    const v = row(ctx, path) as { readonly [k: string]: JsonValue } | undefined;
    if (v === undefined) return undefined;
    for (const key in v) if (!constantsOnly.includes(key)) return v;
    return undefined;
  };
}

function compileTableColumns(plan: Extract<FieldPlan, { kind: 'tableColumns' }>, env: CompileEnv): FieldEval {
  const extra = compileNamed(plan.extra, env);
  const cells = plan.cells.map((cell) => {
    const reader = compileValue(cell.value, env.resolve);
    return { label: cell.label, reader, coerce: coercerFor(plan.valueColumn, cell.value, reader, env) };
  });
  const labelKey = plan.labelColumn;
  const valueKey = plan.valueColumn.name;
  const order = [labelKey, valueKey, ...plan.extra.map(([name]) => name)].sort(byCodeUnit);
  return (ctx, path) => {
    const out: JsonValue[] = [];
    for (const cell of cells) {
      const p = `${path}[${out.length}]`;
      const raw: RawValue = cell.reader.read(ctx, `${p}.${valueKey}`);
      // Empty cells make no row: an element not measured is not an element with no content.
      if (raw === undefined) continue;
      traced(ctx, `${p}.${valueKey}`, cell.reader.column);
      traced(ctx, p, cell.reader.column);
      const value = cell.coerce(raw, ctx, `${p}.${valueKey}`, cell.reader.column);
      if (value === undefined) continue;
      const more = extra(ctx, p) as { readonly [k: string]: JsonValue } | undefined;
      const row: { [k: string]: JsonValue } = {};
      for (const key of order) {
        const v = key === labelKey ? cell.label : key === valueKey ? value : more?.[key];
        if (v !== undefined) setKey(row, key, v);
      }
      out.push(row);
    }
    return out.length === 0 ? undefined : out;
  };
}
