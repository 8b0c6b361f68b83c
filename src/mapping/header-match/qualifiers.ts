import { OPPOSITE_QUALIFIERS } from './glossary.js';

/** Words that qualify a quantity rather than name it: measured or calculated, value or error, bounds. */
export const QUALIFIERS: ReadonlySet<string> = new Set(['experimental', 'calculated', 'value', 'error', 'minimum', 'maximum', 'average']);

/** True when the two token lists carry contradicting qualifiers (`calculated` against `experimental`). */
export function qualifiersConflict(a: readonly string[], b: readonly string[]): boolean {
  return OPPOSITE_QUALIFIERS.some(([x, y]) => (a.includes(x) && b.includes(y) && !a.includes(y)) || (a.includes(y) && b.includes(x) && !a.includes(x)));
}
