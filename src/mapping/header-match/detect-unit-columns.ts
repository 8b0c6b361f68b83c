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
 * Columns that only hold another column's unit (`unit`/`单位`, one unit however spelled, at most a tenth
 * unreadable), each serving the column whose name shares most words with it, else the one before.
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
