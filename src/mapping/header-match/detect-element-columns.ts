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
 * Finds the longest run of adjacent columns named by an element (`c, mn, si`, `O content`, `碳含量`,
 * `w(Cr)`) whose cells are numbers, each element once: a composition a table can take with
 * `fromColumns`. Adjacent, because a lone `S` or `Tc` elsewhere is more likely a Seebeck coefficient
 * or a Curie temperature.
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
