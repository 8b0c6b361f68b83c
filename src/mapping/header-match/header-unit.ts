import { isKnownUnit } from '../values/unit-conversion.js';

/** Superscripts as the `^n` the units library reads (NFKC would make `m²` into `m2`). */
const SUPERSCRIPTS: Readonly<Record<string, string>> = {
  '⁻': '-',
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
};

/** `m²` → `m^2`, `cm⁻³` → `cm^-3`. */
export function superscriptsToPowers(text: string): string {
  return text.replace(/[⁻⁰¹²³⁴-⁹]+/g, (run) => `^${Array.from(run, (c) => SUPERSCRIPTS[c] ?? c).join('')}`);
}

/** Units of materials tables that the units library has no entry for: per atom or formula unit, Bohr magnetons, hardness scales. */
const PER_AMOUNT = /^(.+)\/(?:atom|at\.?|f\.?u\.?|formula ?unit|cell|unit ?cell|mol)$/i;
const OWN_UNITS = /^(?:[μµu]_?B|H[VB]W?\d*|HR[A-C]?|a\.u\.)$/;

/** The unit written plainly: spaces around it trimmed, micro signs unified, `^\circ` already gone. */
export function cleanUnit(unit: string): string {
  return superscriptsToPowers(unit)
    .trim()
    .replace(/µ/g, 'μ')
    .replace(/\s*([/·.*^])\s*/g, '$1');
}

/** True when the text is a unit: one the conversions know, or a materials unit they treat as its own (`eV/atom`, `μB`, `HV`). */
export function isUnitText(text: string): boolean {
  const t = cleanUnit(text);
  if (t === '' || t.length > 24) return false;
  if (OWN_UNITS.test(t)) return true;
  const per = PER_AMOUNT.exec(t);
  if (per?.[1] !== undefined) return OWN_UNITS.test(per[1]) || isKnownUnit(per[1]);
  return isKnownUnit(t);
}
