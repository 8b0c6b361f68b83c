import { normalizeName } from './normalize-name.js';

/**
 * Edit distance between two strings by code point: insert, delete, substitute, and swapping two
 * neighbors (`untis` → `units` is one typo, not two).
 */
export function levenshtein(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  if (x.length === 0) return y.length;
  if (y.length === 0) return x.length;
  const d: number[][] = Array.from({ length: x.length + 1 }, (_v, i) => [i, ...new Array<number>(y.length).fill(0)]);
  for (let j = 0; j <= y.length; j++) d[0]![j] = j;
  for (let i = 1; i <= x.length; i++) {
    const row = d[i]!;
    const up = d[i - 1]!;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let v = Math.min(up[j]! + 1, row[j - 1]! + 1, up[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      row[j] = v;
    }
  }
  return d[x.length]![y.length]!;
}

/**
 * The candidates closest to `name`, best first: equal once normalized (case, width, spaces, units)
 * first, then by edit distance within about a third of the length. At most `limit`.
 */
export function didYouMean(name: string, candidates: Iterable<string>, limit = 3): string[] {
  const target = normalizeName(name);
  const scored: Array<{ c: string; score: number }> = [];
  for (const c of candidates) {
    const norm = normalizeName(c);
    if (norm === target) {
      scored.push({ c, score: 0 });
      continue;
    }
    const distance = Math.min(levenshtein(norm, target), levenshtein(c, name));
    const allowed = Math.max(1, Math.floor(Math.max(Array.from(target).length, Array.from(norm).length) / 3));
    const contains = target.length >= 2 && norm.length >= 2 && (norm.includes(target) || target.includes(norm));
    if (distance <= allowed) scored.push({ c, score: distance });
    else if (contains) scored.push({ c, score: allowed + 1 });
  }
  scored.sort((p, q) => p.score - q.score);
  return scored.slice(0, limit).map((s) => s.c);
}
