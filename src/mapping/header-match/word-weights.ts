import type { WordWeight } from './name-score.js';

/**
 * Weights words by how many names share them (inverse document frequency): a word of one field and
 * one header weighs 1, a word that ten fields or ten headers share (`content`, `strength`) much less,
 * so it cannot carry a match alone. Words that no name has weigh 1.
 */
export function wordWeights(fieldNames: readonly (readonly string[])[], headerNames: readonly (readonly string[])[]): WordWeight {
  const count = (names: readonly (readonly string[])[]): Map<string, number> => {
    const df = new Map<string, number>();
    for (const words of names) for (const w of new Set(words)) df.set(w, (df.get(w) ?? 0) + 1);
    return df;
  };
  const fields = count(fieldNames);
  const headers = count(headerNames);
  return (token) => {
    const df = Math.max(fields.get(token) ?? 1, headers.get(token) ?? 1);
    return 1 / (1 + Math.log(df));
  };
}
