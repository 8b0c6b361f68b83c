import type { Field } from '../../template/template-types.js';
import { didYouMean } from '../../util/did-you-mean.js';
import type { SpecMap, SpecNode } from '../load/spec-node.js';
import { isKnownUnit, unitConversion } from '../values/unit-conversion.js';
import { suggestUnits, unitLine } from '../values/suggest-units.js';
import { parseValuePlan, VALUE_KEYS, type ValuePlan } from './value-plan.js';
import { STRUCTURE_KEYS, type PlanReport } from './plan-report.js';

/** The plan of one value (a column and its transforms), checked against the field it fills. */
export function planValue(
  node: SpecNode,
  field: Field,
  path: string,
  report: PlanReport,
  extraKeys: readonly string[],
): ValuePlan | undefined {
  let bad = false;
  if (node.kind === 'map') {
    for (const [key, pos] of node.keyPos) {
      if (VALUE_KEYS.includes(key) || extraKeys.includes(key)) continue;
      bad = true;
      if (STRUCTURE_KEYS.includes(key)) {
        report(
          'MAPPING_SHAPE_MISMATCH',
          `"${field.path}" is a ${field.type}: \`${key}\` does not fit it`,
          pos,
          `${path}.${key}`,
          field.path,
        );
      } else {
        report(
          'MAPPING_UNKNOWN_TRANSFORM',
          `unknown value key or transform "${key}"`,
          pos,
          `${path}.${key}`,
          field.path,
          didYouMean(key, VALUE_KEYS),
        );
      }
    }
  }
  // One problem per value: a misspelled key already explains why no source was found.
  if (bad) return undefined;
  const plan = parseValuePlan(node, false, (code, message, pos, suggestions) => report(code, message, pos, path, field.path, suggestions));
  if (plan) checkUnit(plan, field, path, report);
  if (plan && node.kind === 'map' && !transformsFit(node, field, path, report)) return undefined;
  return plan;
}

/** Which field types each type-bound transform fits (an array's scalar elements count as their type). */
const TRANSFORM_TYPES: ReadonlyArray<readonly [string, readonly string[], string]> = [
  ['unit', ['number', 'range'], 'a unit belongs to number and range fields'],
  ['decimal', ['number', 'range'], 'a decimal separator belongs to number and range fields'],
  ['date', ['string'], 'a date is written as text: it belongs to string fields'],
  ['split', ['array', 'image', 'file'], 'split belongs to arrays and image or file lists'],
  ['errOptional', ['range'], 'errOptional belongs to value±error ranges'],
];

/** Reports a transform that cannot do anything on this field type (`date:` on a number, `unit:` on an image). */
function transformsFit(node: SpecMap, field: Field, path: string, report: PlanReport): boolean {
  let ok = true;
  const element = field.type === 'array' ? field.element.type : field.type;
  for (const [key, types, why] of TRANSFORM_TYPES) {
    const pos = node.keyPos.get(key);
    if (pos === undefined) continue;
    const fits =
      key === 'split' || key === 'errOptional'
        ? types.includes(field.type) && !(field.type === 'range' && field.rangeType === 'interval')
        : types.includes(element);
    if (fits) continue;
    ok = false;
    report(
      'MAPPING_SHAPE_MISMATCH',
      `"${field.path}" is a ${field.type}${field.type === 'array' ? ` of ${element}` : ''}: \`${key}\` does not fit it (${why})`,
      pos,
      `${path}.${key}`,
      field.path,
    );
  }
  return ok;
}

/** A unit stated in the mapping is checked now; one read from a header, once the header is known. */
export function checkUnit(plan: ValuePlan, field: Field, path: string, report: PlanReport): void {
  const target =
    field.type === 'number' || field.type === 'range'
      ? field
      : field.type === 'array' && (field.element.type === 'number' || field.element.type === 'range')
        ? field.element
        : undefined;
  if (plan.unit === undefined || target === undefined) return;
  if (!unitConversion(plan.unit, target.unit)) {
    if (!isKnownUnit(plan.unit)) {
      const suggestions = suggestUnits(plan.unit, target.unit);
      const fix = suggestions[0] === undefined ? 'write a unit such as MPa, ℃, μm, wt.%' : `write \`${unitLine(suggestions[0])}\``;
      report(
        'MAPPING_UNKNOWN_UNIT',
        `unknown unit "${plan.unit}" (the template's unit of "${target.path}" is "${target.unit ?? ''}"): ${fix}`,
        plan,
        `${path}.unit`,
        target.path,
        suggestions,
      );
      return;
    }
    report(
      'MAPPING_UNIT_CONVERSION',
      `cannot convert "${plan.unit}" to the template unit "${target.unit ?? ''}" of "${target.path}"`,
      plan,
      `${path}.unit`,
      target.path,
    );
  }
}

export function checkChoiceTargets(field: Field, value: ValuePlan, path: string, report: PlanReport): void {
  if (field.type !== 'choice') return;
  const targets: Array<[string, unknown]> = [];
  for (const [from, to] of value.map ?? []) targets.push([from, to]);
  for (const [from, to] of value.lookup ?? []) targets.push([from, to]);
  if (value.source.kind === 'const') targets.push(['const', value.source.value]);
  if (value.default !== undefined) targets.push(['default', value.default]);
  for (const [from, to] of targets) {
    if (typeof to !== 'string' || !field.allOptions.includes(to)) {
      report(
        'MAPPING_CHOICE_TARGET_NOT_OPTION',
        `"${from}" maps to ${JSON.stringify(to)}, which is not an option of "${field.path}" (${field.allOptions.join(', ')})`,
        value,
        path,
        field.path,
        typeof to === 'string' ? didYouMean(to, field.allOptions) : [],
      );
    }
  }
}
