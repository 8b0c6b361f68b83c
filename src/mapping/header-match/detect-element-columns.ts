import type { ColumnProfile } from './column-profile.js';
import { elementOf } from './element-symbols.js';

/** Columns that each hold the amount of one element: a composition spread over columns. */
export interface ElementColumns {
  /** [element symbol, column index] in column order. */
  readonly columns: readonly (readonly [string, number])[];
}

/** Fewest element columns side by side read as a composition (two could be lattice constants `b`, `c`). */
const FEWEST = 3;

/**
 * The longest run of adjacent numeric columns each named by a different element (`c, mn, si`,
 * `碳含量`, `w(Cr)`), for `fromColumns`; adjacent, since a lone `S` or `Tc` is likelier a property.
 */
export function detectElementColumns(names: readonly string[], profiles: readonly ColumnProfile[]): ElementColumns | undefined {
  let best: [string, number][] = [];
  let run: [string, number][] = [];
  names.forEach((name, index) => {
    const element = elementOf(name);
    const profile = profiles[index]!;
    const fits = element !== undefined && !run.some(([e]) => e === element) && (profile.filled === 0 || profile.numeric >= 0.8);
    if (fits) run.push([element, index]);
    else run = element !== undefined && (profile.filled === 0 || profile.numeric >= 0.8) ? [[element, index]] : [];
    if (run.length > best.length) best = [...run];
  });
  return best.length >= FEWEST ? { columns: best } : undefined;
}
