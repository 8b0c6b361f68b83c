import type { Field } from '../../template/template-types.js';
import { splitHeaderUnit } from '../../util/normalize-name.js';
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

/**
 * Why a column cannot fill a number field live even with the right name: its unit does not convert,
 * or the mapping checker would read a bracket of its header as a unit that does not (`phase (AM/CR)`),
 * which a written `unit:` cannot fix when the matcher sees no unit there.
 */
export function unitBlock(header: string, unit: string | undefined, field: Field): string | undefined {
  if (!takesUnit(field)) return undefined;
  const target = fieldUnit(field);
  if (target === undefined) return undefined;
  if (unit !== undefined) return unitFit(unit, field) === 'fails' ? `its unit "${unit}" does not convert to ${target}` : undefined;
  const read = splitHeaderUnit(header).unit;
  if (read !== undefined && unitConversion(read, target) === undefined)
    return `"${read}" in its header reads as a unit that does not convert to ${target}`;
  return undefined;
}

/** The `unit:` to write for a column filling a field: the field's own when they are the same, the column's when it converts. */
export function proposedUnit(unit: string | undefined, field: Field): string | undefined {
  const fit = unitFit(unit, field);
  return fit === 'same' ? fieldUnit(field) : fit === 'converts' ? unit : undefined;
}
