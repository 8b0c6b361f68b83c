import type { ColumnProfile } from './column-profile.js';
import { isUnitText } from './header-unit.js';

/** A column whose cells all give the unit of another column (`k-units` beside `k`). */
export interface UnitColumn {
  readonly index: number;
  readonly of: number;
  readonly unit: string;
}

/**
 * Finds columns that only hold another column's unit: the header says `unit` (or `单位`), every filled
 * cell is the same unit, and it serves the column whose name shares the most words with its own (else
 * the column just before it). The mapping then writes that unit on the served column.
 */
export function detectUnitColumns(words: readonly (readonly string[])[], profiles: readonly ColumnProfile[]): UnitColumn[] {
  const out: UnitColumn[] = [];
  words.forEach((w, index) => {
    const profile = profiles[index]!;
    if (!w.includes('unit') || profile.distinct.size !== 1) return;
    const unit = [...profile.distinct.keys()][0]!;
    if (!isUnitText(unit)) return;
    const own = w.filter((t) => t !== 'unit');
    let of = -1;
    let best = 0;
    words.forEach((other, j) => {
      if (j === index || other.includes('unit')) return;
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
