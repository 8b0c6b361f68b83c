import { OPPOSITE_QUALIFIERS } from './related-terms.js';
import { stem, stems } from './words-of.js';

/** Words that qualify a quantity rather than name it: measured or calculated, value or error, bounds. */
export const QUALIFIERS: ReadonlySet<string> = new Set(
  stems('experimental', 'calculated', 'value', 'error', 'minimum', 'maximum', 'average'),
);

/** True when the two token lists carry contradicting qualifiers (`calculated` against `experimental`). */
export function qualifiersConflict(a: readonly string[], b: readonly string[]): boolean {
  return OPPOSITE_QUALIFIERS.some(
    ([x, y]) => (a.includes(x) && b.includes(y) && !a.includes(y)) || (a.includes(y) && b.includes(x) && !a.includes(x)),
  );
}

const EXPERIMENTAL = stem('experimental');
const CALCULATED = stem('calculated');

/** True when a name says whether it is measured or calculated. */
export function saysHowObtained(tokens: readonly string[]): boolean {
  return tokens.includes(EXPERIMENTAL) || tokens.includes(CALCULATED);
}

/** The word a name without either is taken to mean: a value in a data table is measured unless it says otherwise. */
export const MEASURED_BY_DEFAULT = EXPERIMENTAL;
