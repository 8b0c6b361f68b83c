import { normalizeName } from './normalize-name.js';

/** Edit distance (insert, delete, substitute) between two strings, by code point. */
export function levenshtein(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  if (x.length === 0) return y.length;
  if (y.length === 0) return x.length;
  let prev = new Array<number>(y.length + 1);
  let next = new Array<number>(y.length + 1);
  for (let j = 0; j <= y.length; j++) prev[j] = j;
  for (let i = 1; i <= x.length; i++) {
    next[0] = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      next[j] = Math.min((prev[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    [prev, next] = [next, prev];
  }
  return prev[y.length] ?? 0;
}

/**
 * The candidates closest to `name`, best first: equal once normalised (case, width, spaces, units)
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
