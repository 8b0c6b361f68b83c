import type { RangeField } from '../../template/template-types.js';
import { QUALIFIERS } from './qualifiers.js';
import { stems } from './words-of.js';

const [ERROR, MINIMUM, MAXIMUM] = stems('error', 'minimum', 'maximum') as [string, string, string];

/** The two columns of a range: `lb`/`val` first, `ub`/`err` second. */
export interface RangePartner {
  readonly first: number;
  readonly second: number;
  /** The column that was not already matched. */
  readonly index: number;
}

const base = (tokens: readonly string[]): string => tokens.filter((t) => !QUALIFIERS.has(t)).join(' ');

/**
 * A range column's partner, named the same but for a qualifier (`YS error`, `ys_sd` → `{val, err}`;
 * `T min`/`T max` → `{lb, ub}`), or for value±error the next column named only as an error (`±`, `sd`).
 */
export function findRangePartner(
  field: RangeField,
  index: number,
  tokens: readonly (readonly string[])[],
  free: readonly number[],
): RangePartner | undefined {
  const own = tokens[index]!;
  const name = base(own);
  if (name === '') return undefined;
  for (const j of free) {
    const other = tokens[j]!;
    if (base(other) !== name) continue;
    if (field.rangeType === 'error') {
      if (other.includes(ERROR) && !own.includes(ERROR)) return { first: index, second: j, index: j };
      if (own.includes(ERROR) && !other.includes(ERROR)) return { first: j, second: index, index: j };
    } else {
      if (own.includes(MINIMUM) && other.includes(MAXIMUM)) return { first: index, second: j, index: j };
      if (own.includes(MAXIMUM) && other.includes(MINIMUM)) return { first: j, second: index, index: j };
    }
  }
  const next = index + 1;
  const bare = (tokens[next]?.length ?? 0) > 0 && tokens[next]!.every((t) => t === ERROR);
  if (field.rangeType === 'error' && !own.includes(ERROR) && free.includes(next) && bare)
    return { first: index, second: next, index: next };
  return undefined;
}
