import type { Field } from '../../template/template-types.js';
import type { ValueReader } from './compile-value.js';
import type { CompileEnv } from './compile-env.js';
import { parseNumber, plainNumber } from '../values/parse-number.js';
import { parseRange } from '../values/parse-range.js';
import type { JsonValue } from '../../template/record-types.js';
import { addProblem, type RowContext } from './row-context.js';
import { convertValue, isPercentUnit, shownPercent, unitConversion, type UnitConversion } from '../values/unit-conversion.js';
import type { ValuePlan } from '../check/value-plan.js';
import type { PlainValue } from './plain-field.js';

/** Turns a value read from a cell into the JSON its field stores, adding a row problem when it cannot. */
export type Coerce = (raw: JsonValue, ctx: RowContext, path: string, column: number) => JsonValue | undefined;

function describe(raw: JsonValue): string {
  return typeof raw === 'string' ? raw : JSON.stringify(raw);
}

/** The conversion from a value's unit (stated, else from its header) to the field's; reports one that cannot work. */
export function conversionFor(plan: ValuePlan, reader: ValueReader, field: Field, env: CompileEnv): UnitConversion {
  const to = field.type === 'number' || field.type === 'range' ? field.unit : undefined;
  const from = plan.unit ?? (reader.column >= 0 && plan.source.kind === 'column' ? env.headerUnit(reader.column) : undefined);
  const conv = unitConversion(from, to);
  if (conv) return conv;
  // A unit written in the mapping was already reported by checkMapping; only header units are new here.
  if (plan.unit === undefined) env.unitProblem(plan, field, from ?? '', to ?? '');
  return { factor: 1, offset: 0 };
}

/**
 * True when a value's column is in percent: its stated unit, else its header's, else the field's. A
 * workbook cell shown as 7.5% holds 0.075; in a percent column the 7.5 shown is what is meant.
 */
export function columnInPercent(plan: ValuePlan, reader: ValueReader, field: Field, env: CompileEnv): boolean {
  const to = field.type === 'number' || field.type === 'range' ? field.unit : undefined;
  const from = plan.unit ?? (reader.column >= 0 && plan.source.kind === 'column' ? env.headerUnit(reader.column) : undefined);
  return isPercentUnit(from ?? to);
}

/**
 * Numbers from numbers or text, converted; bounds (`<0.01`) and non-numbers become row problems.
 * With `percent`, a number from a cell with a percent format is taken as shown (0.075 → 7.5).
 */
export function numberCoercer(conv: UnitConversion, decimal: '.' | ',', unit: string | undefined, percent = false): Coerce {
  return (raw, ctx, path, column) => {
    if (typeof raw === 'number') return convertValue(percent && ctx.row.percent?.[column] === true ? shownPercent(raw) : raw, conv);
    if (typeof raw === 'string') {
      // The common plain number skips parseNumber's result object (one per number cell per row).
      const plain = plainNumber(raw, decimal);
      if (plain === plain) return convertValue(plain, conv);
      const n = parseNumber(raw, decimal);
      if (n.ok) return convertValue(n.value, conv);
      const message =
        n.code === 'VALUE_CENSORED'
          ? 'a bound such as <0.01 is not a value: write the value or leave the cell empty'
          : 'the cell is not a number';
      addProblem(ctx, n.code, column, path, `a number${unit ? ` in ${unit}` : ''}`, raw, message);
      return undefined;
    }
    addProblem(ctx, 'VALUE_NOT_A_NUMBER', column, path, 'a number', describe(raw), 'the value is not a number');
    return undefined;
  };
}

/**
 * Ranges from one cell. With `valueAlone` (`errOptional` on a value±error field), a cell holding only
 * the value (`1035`, or a number cell) is `{val}`.
 */
function rangeCoercer(field: Field & { type: 'range' }, conv: UnitConversion, decimal: '.' | ',', valueAlone = false): Coerce {
  // A range comes from text, never from a percent-formatted number cell.
  const num = numberCoercer(conv, decimal, field.unit);
  // An error is a width: it takes the unit factor but not a temperature offset.
  const width = numberCoercer({ factor: conv.factor, offset: 0 }, decimal, field.unit);
  const alone = valueAlone && field.rangeType === 'error';
  return (raw, ctx, path, column): JsonValue | undefined => {
    if (alone && typeof raw === 'number') return { val: convertValue(raw, conv) };
    if (alone && typeof raw === 'string' && !/[±]|\+\/-/.test(raw)) {
      const n = parseNumber(raw, decimal);
      if (n.ok) return { val: convertValue(n.value, conv) };
    }
    if (typeof raw !== 'string') {
      addProblem(
        ctx,
        'VALUE_NOT_A_RANGE',
        column,
        path,
        field.rangeType === 'interval' ? 'a range like (600, 700) or 600-700' : 'a value like 1035±12.5',
        describe(raw),
        'the cell is not a range',
      );
      return undefined;
    }
    const r = parseRange(raw, decimal);
    if (!r.ok && r.ambiguous === true) {
      addProblem(
        ctx,
        'VALUE_AMBIGUOUS',
        column,
        path,
        'two numbers separated by "; " or ", "',
        raw,
        'more than one comma could separate the two numbers of this range',
      );
      return undefined;
    }
    if (!r.ok || r.form !== field.rangeType) {
      addProblem(
        ctx,
        'VALUE_NOT_A_RANGE',
        column,
        path,
        field.rangeType === 'interval' ? 'a range like (600, 700) or 600-700' : 'a value like 1035±12.5',
        raw,
        "the cell is not a range of the template's kind",
      );
      return undefined;
    }
    if (r.form === 'interval') {
      const lb = num(r.lb, ctx, `${path}.lb`, column);
      const ub = num(r.ub, ctx, `${path}.ub`, column);
      return lb === undefined || ub === undefined ? undefined : { lb, ub };
    }
    const val = num(r.val, ctx, `${path}.val`, column);
    const err = width(r.err, ctx, `${path}.err`, column);
    return val === undefined || err === undefined ? undefined : { err, val };
  };
}

/** How a scalar field's read values become its JSON: in general, and for a plain text cell when that has a shortcut. */
export interface Coercion {
  readonly coerce: Coerce;
  readonly plain: PlainValue | undefined;
}

/** The coercion from a read value to the JSON a scalar field (or an array's scalar element) stores. */
export function coercionFor(field: Field, plan: ValuePlan, reader: ValueReader, env: CompileEnv): Coercion {
  const decimal = plan.decimal ?? env.decimal;
  switch (field.type) {
    case 'number': {
      const conv = conversionFor(plan, reader, field, env);
      // A percent format belongs to a number cell, never to text: the plain path reads text only.
      const plain: PlainValue = { kind: 'number', decimal, conv };
      if (reader.plainColumn !== undefined) env.readsNumber?.(reader.plainColumn.index);
      return { coerce: numberCoercer(conv, decimal, field.unit, columnInPercent(plan, reader, field, env)), plain };
    }
    case 'range':
      return { coerce: rangeCoercer(field, conversionFor(plan, reader, field, env), decimal, plan.errOptional), plain: undefined };
    case 'string':
    case 'choice':
      return {
        coerce: (raw) => (typeof raw === 'string' ? raw : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw),
        plain: { kind: 'text' },
      };
    case 'image':
    case 'file':
      return { coerce: (raw) => (typeof raw === 'string' ? [raw] : raw), plain: undefined };
    default:
      return { coerce: (raw) => raw, plain: undefined };
  }
}

/** The general coercion of {@link coercionFor}. */
export function coercerFor(field: Field, plan: ValuePlan, reader: ValueReader, env: CompileEnv): Coerce {
  return coercionFor(field, plan, reader, env).coerce;
}
