import type { SourceHeader } from '../sources/source-types.js';
import { didYouMean } from './did-you-mean.js';
import { normalizeName, splitHeaderUnit } from './normalize-name.js';

/** Finds a column by the name a mapping uses: exact, trimmed, without its unit, then normalised (if unique). */
export function findColumn(header: SourceHeader, name: string): number {
  const names = header.names;
  let i = names.indexOf(name);
  if (i >= 0) return i;
  const trimmed = name.trim();
  i = names.findIndex((n) => n.trim() === trimmed);
  if (i >= 0) return i;
  i = names.findIndex((n) => splitHeaderUnit(n).base === trimmed);
  if (i >= 0) return i;
  const norm = normalizeName(name);
  const hits = names.flatMap((n, j) => (normalizeName(n) === norm ? [j] : []));
  return hits.length === 1 ? (hits[0] ?? -1) : -1;
}

/** The headers closest to a missing column name. */
export function closestHeaders(header: SourceHeader, name: string): string[] {
  return didYouMean(name, header.names.filter((n) => n !== ''));
}
