import { latexToText } from '../../util/latex-to-text.js';
import { isKnownUnit, unitConversion } from './unit-conversion.js';

/** Units of materials tables, in the spelling a mapping's `unit:` is best written with. */
const COMMON_UNITS = [
  'MPa',
  'GPa',
  'kPa',
  'Pa',
  'ksi',
  'psi',
  '℃',
  'K',
  '℉',
  'nm',
  'μm',
  'mm',
  'cm',
  'm',
  'Å',
  's',
  'min',
  'h',
  '%',
  'wt.%',
  'at.%',
  'vol.%',
  'mol%',
  'ppm',
  'g/cm^3',
  'kg/m^3',
  'eV',
  'meV',
  'J',
  'kJ/mol',
  'W/(m·K)',
  'S/cm',
  'S/m',
  'Ω·cm',
  'mΩ·cm',
  'μΩ·cm',
  'μV/K',
  'mm/min',
  '°',
  'a.u.',
  'HV',
  'HRC',
];

/** Spellings seen in tables for units the converter reads otherwise. */
const SPELLINGS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^microns?$/i, 'μm'],
  [/^(?:deg(?:ree)?s?\s*c|o\s*c|celsius)$/i, '℃'],
  [/^(?:deg(?:ree)?s?\s*f|fahrenheit)$/i, '℉'],
  [/^kelvin$/i, 'K'],
  [/^(?:hours?|hrs?)$/i, 'h'],
  [/^(?:minutes?|mins)$/i, 'min'],
  [/^(?:seconds?|secs?)$/i, 's'],
  [/^(?:arb\.?\s*units?|a\.?\s*u\.?|arbitrary\s*units?|counts?)$/i, 'a.u.'],
  [/^(?:percent|pct)$/i, '%'],
  [/^(?:g\/cc|g\s*cm-3|g\.cm-3)$/i, 'g/cm^3'],
];

const comparable = (unit: string): string =>
  latexToText(unit)
    .toLowerCase()
    .replace(/[\s.·*⋅_{}$]/g, '')
    .replace(/µ/g, 'μ');

/**
 * What to write as `unit:` for a unit the converter does not read (`Mpa`, `microns`, `$\mu$m$^{-1}$`,
 * `arb. units`): spellings it reads that the text may mean and that convert to the template's unit,
 * then the template's unit itself (right when the values are already in it). At most three, best first.
 */
export function suggestUnits(unknown: string, target: string | undefined): string[] {
  const candidates: string[] = [];
  const text = latexToText(unknown).trim();
  for (const [pattern, unit] of SPELLINGS) if (pattern.test(text)) candidates.push(unit);
  const key = comparable(unknown);
  for (const unit of COMMON_UNITS) if (comparable(unit) === key) candidates.push(unit);
  const fits = (unit: string): boolean => isKnownUnit(unit) && (target === undefined || unitConversion(unit, target) !== undefined);
  const out = [...new Set(candidates)].filter(fits);
  if (target !== undefined && target.trim() !== '' && !out.includes(target)) out.push(target);
  return out.slice(0, 3);
}

/** The `unit:` line a suggestion is written as (quoted when YAML would read it otherwise). */
export function unitLine(unit: string): string {
  return /^[\p{L}\p{N}][\p{L}\p{N}/·.^()-]*$/u.test(unit) && !/^\d/.test(unit) ? `unit: ${unit}` : `unit: ${JSON.stringify(unit)}`;
}
