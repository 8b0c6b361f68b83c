import type { SourceHeader } from '../../sources/source-types.js';
import { didYouMean } from '../../util/did-you-mean.js';
import { normalizeName, splitHeaderUnit } from '../../util/normalize-name.js';

function indicesWhere(names: readonly string[], test: (n: string) => boolean): number[] {
  const out: number[] = [];
  for (let j = 0; j < names.length; j++) if (test(names[j]!)) out.push(j);
  return out;
}

/**
 * The columns a mapping's name could mean, by the first way that finds any (exact, trimmed, unit
 * removed, normalized); several are ambiguous (`温度` against `温度 (K)`, `温度 (℃)`), reported, not guessed.
 */
export function findColumns(header: SourceHeader, name: string): number[] {
  const names = header.names;
  const trimmed = name.trim();
  const stages: Array<(n: string) => boolean> = [
    (n) => n === name,
    (n) => n.trim() === trimmed,
    (n) => splitHeaderUnit(n).base === trimmed,
  ];
  for (const test of stages) {
    const hits = indicesWhere(names, test);
    if (hits.length > 0) return hits;
  }
  const norm = normalizeName(name);
  return indicesWhere(names, (n) => n !== '' && normalizeName(n) === norm);
}

/** The one column a name means, or -1 when it matches none or several (see {@link findColumns}). */
export function findColumn(header: SourceHeader, name: string): number {
  const hits = findColumns(header, name);
  return hits.length === 1 ? hits[0]! : -1;
}

/** The headers closest to a missing column name. */
export function closestHeaders(header: SourceHeader, name: string): string[] {
  return didYouMean(
    name,
    header.names.filter((n) => n !== ''),
  );
}
