import type { Field } from '../../template/template-types.js';
import type { ColumnProfile } from './column-profile.js';
import type { ValueMapProposal } from './propose-value-map.js';
import { takesUnit, unitFit } from './unit-fit.js';

/** Filled cells below which a column's values say too little to judge it. */
const FEW = 3;

/**
 * Adjusts a name score by the column's unit (converts: up, cannot: down) and values (text in a number
 * field, non-paths in a file field: down; a choice field's options: up, enough on their own).
 */
export function columnFit(
  nameScore: number,
  unit: string | undefined,
  profile: ColumnProfile,
  field: Field,
  values: ValueMapProposal | undefined,
): number {
  let score = nameScore;
  const fit = unitFit(unit, field);
  if (fit === 'same' || fit === 'converts') score += 0.1;
  else if (fit === 'fails') score -= takesUnit(field) ? 0.3 : 0.1;
  const judged = profile.filled >= FEW;
  if (judged && takesUnit(field) && field.type !== 'array' && profile.numeric + profile.ranges < 0.5) score -= 0.5;
  if (judged && (field.type === 'image' || field.type === 'file') && profile.paths < 0.5) score -= 0.3;
  if (field.type === 'choice' && values !== undefined) {
    // Values alone decide only with three or more of them: yes/no columns fit every yes/no field.
    if (values.fit >= 0.8 && profile.distinct.size >= 3) score = Math.max(score + 0.15 * values.fit, 0.45 + 0.3 * values.fit);
    else if (values.fit >= 0.8 && profile.distinct.size >= 2) score += 0.15 * values.fit;
    else if (judged && values.fit < 0.2 && profile.numeric > 0.8) score -= 0.2;
  }
  return Math.max(0, Math.min(1, score));
}

/** The score an identifier-shaped column (`mp-1234`) is worth at least to a text field named an identifier. */
const ID_VALUES = 0.62;

/**
 * Raises the score of a column whose cells look like identifiers (`mp-1234`, `TE-001`: one shape,
 * none repeated) for a text field named an identifier (`Materials Project ID`, `样品编号`), whatever the
 * column's header says: a database id is often headed by the database's short name (`mpid`, `entry`).
 */
export function identifierFit(score: number, profile: ColumnProfile, field: Field, namesIdentifier: boolean): number {
  if (!namesIdentifier || field.type !== 'string' || !profile.idShaped) return score;
  return Math.min(1, Math.max(score + 0.2, ID_VALUES));
}

/**
 * True when a column's sampled cells bear out a number or range field: enough of them, nearly all
 * numbers (or ranges, for a range), in a unit that converts. Text fields get no such evidence: any
 * text fits them.
 */
export function cellsFit(unit: string | undefined, profile: ColumnProfile, field: Field): boolean {
  if (profile.filled < FEW || unitFit(unit, field) === 'fails') return false;
  if (field.type === 'number') return profile.numeric >= 0.8;
  if (field.type === 'range') return profile.ranges >= 0.8;
  return false;
}
