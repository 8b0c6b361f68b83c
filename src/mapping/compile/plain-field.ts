import type { CellValue } from '../../sources/source-types.js';
import type { JsonValue } from '../../template/record-types.js';
import { plainNumber } from '../values/parse-number.js';
import { convertValue, type UnitConversion } from '../values/unit-conversion.js';
import { mayNeedTrim } from './compile-value.js';

/**
 * How a field takes a plain text cell as it is: text as the text (a string or choice field), or as a
 * number in the field's unit.
 */
export type PlainValue =
  { readonly kind: 'text' } | { readonly kind: 'number'; readonly decimal: '.' | ','; readonly conv: UnitConversion };

/**
 * A content field that is one column's cell with no transform, read inline by {@link readPlainCell}
 * where the general evaluator takes four closure calls and reads a number twice.
 */
export interface PlainField {
  readonly index: number;
  /** Surrounding whitespace is trimmed (the value's `trim`): a cell that may have some takes the general path. */
  readonly trim: boolean;
  readonly value: PlainValue;
}

/**
 * The field's value for the common cell; undefined sends it to the general evaluator, which agrees on
 * every cell this one reads. It adds no problem, so it is safe to try first.
 */
export function readPlainCell(field: PlainField, cell: CellValue | undefined): JsonValue | undefined {
  if (typeof cell !== 'string' || cell === '' || (field.trim && mayNeedTrim(cell))) return undefined;
  const { value } = field;
  if (value.kind === 'text') return cell;
  const n = plainNumber(cell, value.decimal);
  return n === n ? convertValue(n, value.conv) : undefined;
}
