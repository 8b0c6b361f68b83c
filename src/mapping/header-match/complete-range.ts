import type { CellValue } from '../../sources/source-types.js';
import type { ColumnProfile } from './column-profile.js';
import { cellText } from './column-profile.js';
import { findRangePartner } from './find-range-partner.js';
import type { FieldProposal } from './proposal-types.js';

/** What {@link completeRange} reads of the table. */
export interface RangeColumns {
  readonly names: readonly string[];
  readonly tokens: readonly (readonly string[])[];
  readonly profiles: readonly ColumnProfile[];
  /** The sampled cells of a column. */
  cells(index: number): readonly CellValue[];
}

/** True when some sampled row has a value and no error beside it. */
function errorBlankBeside(values: readonly CellValue[], errors: readonly CellValue[]): boolean {
  return values.some((v, i) => cellText(v) !== '' && cellText(errors[i] ?? null) === '');
}

/**
 * A range field's one column made whole: its free partner (`lb`/`ub`, `val`/`err`; `free` loses it),
 * `errOptional` for blank error cells; single numbers are a value alone for value±error, and no sure
 * match for an interval (the mapping would reject every cell).
 */
export function completeRange(p: FieldProposal, index: number, free: Set<number>, at: RangeColumns): FieldProposal {
  if (p.field.type !== 'range') return p;
  const partner = findRangePartner(p.field, index, at.tokens, [...free]);
  if (partner !== undefined) {
    free.delete(partner.index);
    const errOptional = p.field.rangeType === 'error' && errorBlankBeside(at.cells(partner.first), at.cells(partner.second));
    return { ...p, header: at.names[partner.first]!, second: at.names[partner.second]!, errOptional };
  }
  const profile = at.profiles[index]!;
  const singleNumbers = profile.filled > 0 && profile.numeric >= 0.8 && profile.ranges < 0.2;
  if (!singleNumbers) return p;
  if (p.field.rangeType === 'error') return { ...p, errOptional: true };
  return {
    ...p,
    sure: false,
    note: p.note ?? 'its cells are single numbers: an interval needs two columns (lb, ub) or cells such as 8-10',
  };
}
