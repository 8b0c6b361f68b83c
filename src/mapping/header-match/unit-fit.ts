import type { Field } from '../../template/template-types.js';
import { unitConversion } from '../values/unit-conversion.js';
import { cleanUnit } from './header-unit.js';

/** How a column's unit suits a field: no unit on one side, the same, convertible, or not. */
export type UnitFit = 'none' | 'same' | 'converts' | 'fails';

/** The unit of a number or range field (or of an array of them). */
export function fieldUnit(field: Field): string | undefined {
  if (field.type === 'number' || field.type === 'range') return field.unit;
  if (field.type === 'array') return fieldUnit(field.element);
  return undefined;
}

/** True for fields that take a unit: numbers, ranges and arrays of them. */
export function takesUnit(field: Field): boolean {
  return field.type === 'number' || field.type === 'range' || (field.type === 'array' && takesUnit(field.element));
}

/** Whether a column in `unit` can fill the field: `fails` when the field takes no unit or the units cannot convert. */
export function unitFit(unit: string | undefined, field: Field): UnitFit {
  if (unit === undefined) return 'none';
  if (!takesUnit(field)) return 'fails';
  const target = fieldUnit(field);
  if (target === undefined) return 'none';
  if (cleanUnit(unit) === cleanUnit(target)) return 'same';
  return unitConversion(unit, target) === undefined ? 'fails' : 'converts';
}
