import { unitConversion } from '../values/unit-conversion.js';
import type { ColumnProfile } from './column-profile.js';
import { cleanUnit, isUnitText } from './header-unit.js';
import { latexToText } from '../../util/latex-to-text.js';
import { stems } from './words-of.js';

const [UNIT] = stems('unit') as [string];

/** A column whose cells all give the unit of another column (`k-units` beside `k`). */
export interface UnitColumn {
  readonly index: number;
  readonly of: number;
  readonly unit: string;
}

/**
 * Finds columns that only hold another column's unit: the header says `unit` (or `单位`), and its cells
 * all write one unit, however spelled (`W/m.K`, `W/m$\cdot$K`, `W/mK`; at most a tenth of them in a
 * spelling the units library cannot read). It serves the column whose name shares the most words with
 * its own (else the column just before it). The mapping then writes that unit on the served column.
 */
export function detectUnitColumns(words: readonly (readonly string[])[], profiles: readonly ColumnProfile[]): UnitColumn[] {
  const out: UnitColumn[] = [];
  words.forEach((w, index) => {
    const profile = profiles[index]!;
    if (!w.includes(UNIT) || profile.filled === 0 || profile.manyDistinct) return;
    const unit = oneUnit(profile);
    if (unit === undefined) return;
    const own = w.filter((t) => t !== UNIT);
    let of = -1;
    let best = 0;
    words.forEach((other, j) => {
      if (j === index || other.includes(UNIT)) return;
      const shared = own.filter((t) => other.includes(t)).length;
      if (shared > best) {
        best = shared;
        of = j;
      }
    });
    if (of === -1 && index > 0) of = index - 1;
    if (of >= 0) out.push({ index, of, unit });
  });
  return out;
}

/** The one unit a column's cells write, in the spelling used most, or undefined when they write several or few read as units. */
function oneUnit(profile: ColumnProfile): string | undefined {
  const spelled = [...profile.distinct]
    .map(([text, count]) => ({ unit: cleanUnit(latexToText(text)), count }))
    .sort((a, b) => b.count - a.count);
  const readable = spelled.filter((s) => isUnitText(s.unit));
  const main = readable[0]?.unit;
  if (main === undefined) return undefined;
  let unread = 0;
  for (const s of spelled) {
    if (!isUnitText(s.unit)) unread += s.count;
    else {
      const conv = unitConversion(s.unit, main);
      if (conv === undefined || Math.abs(conv.factor - 1) > 1e-9 || Math.abs(conv.offset) > 1e-9) return undefined;
    }
  }
  return unread <= profile.filled / 10 ? main : undefined;
}
