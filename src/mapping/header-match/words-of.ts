/** Greek letters spelt out, as headers written without them spell them (`ρ` and `rho` are one word). */
const GREEK: Readonly<Record<string, string>> = {
  α: 'alpha', β: 'beta', γ: 'gamma', δ: 'delta', Δ: 'delta', ε: 'epsilon', η: 'eta', θ: 'theta', κ: 'kappa', λ: 'lambda',
  μ: 'mu', ν: 'nu', ρ: 'rho', σ: 'sigma', τ: 'tau', φ: 'phi', χ: 'chi', ω: 'omega', Ω: 'omega',
};

/** Options of {@link wordsOf}. */
export interface WordsOptions {
  /** Keep the letters' case (for abbreviation lookup, where `T` and `t` differ). @default false */
  readonly keepCase?: boolean;
}

/** English plural `s` dropped (`units` → `unit`), keeping words that end so in the singular (`mass`, `modulus`, `analysis`). */
export function stem(word: string): string {
  if (!/^[a-z]{4,}$/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !/(ss|us|is|ys)$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * The words of a name: Greek letters spelt out, `camelCase` and `snake_case` parted (a one- or
 * two-letter symbol with a short subscript stays one word: `T_g` → `Tg`, `mu_B` → `muB`), runs of
 * Chinese characters kept whole, lower case and stemmed unless `keepCase`. Punctuation separates.
 */
export function wordsOf(name: string, options: WordsOptions = {}): string[] {
  let text = name.normalize('NFKC').replace(/[αβγδΔεηθκλμνρστφχωΩ]/g, (c) => ` ${GREEK[c] ?? c} `);
  text = text.replace(/([a-z]{2,})([A-Z][a-z]{2,})/g, '$1 $2');
  text = text.replace(/(^|[^A-Za-z0-9])([A-Za-z]{1,2})\s*_\s*([A-Za-z0-9]{1,3})(?![A-Za-z0-9])/g, '$1$2$3');
  const words = text.match(/[\u3400-\u9fff]+|[\p{L}\p{N}]+(?:\.[0-9]+)*/gu) ?? [];
  return options.keepCase ? words : words.map((w) => stem(w.toLowerCase()));
}
