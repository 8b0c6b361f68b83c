/** Greek letters spelled out, as headers written without them spell them (`ρ` and `rho` are one word). */
const GREEK: Readonly<Record<string, string>> = {
  α: 'alpha',
  β: 'beta',
  γ: 'gamma',
  δ: 'delta',
  Δ: 'delta',
  ε: 'epsilon',
  η: 'eta',
  θ: 'theta',
  κ: 'kappa',
  λ: 'lambda',
  μ: 'mu',
  ν: 'nu',
  ρ: 'rho',
  σ: 'sigma',
  τ: 'tau',
  φ: 'phi',
  χ: 'chi',
  ω: 'omega',
  Ω: 'omega',
};

import { stemmer } from 'stemmer';

/** Options of {@link wordsOf}. */
export interface WordsOptions {
  /** Keep the letters' case (for abbreviation lookup, where `T` and `t` differ). @default false */
  readonly keepCase?: boolean;
}

/**
 * An English word's stem (Porter): `units` → `unit`, `magnetization` and `magnetic` → `magnet`, so
 * forms of one word meet. Words of fewer than four letters, numbers and Chinese are kept as written.
 */
export function stem(word: string): string {
  return /^[a-z]{4,}$/.test(word) ? stemmer(word) : word;
}

/** The stems of words written in code, so lists of them compare with the words of names. */
export function stems(...words: string[]): string[] {
  return words.map((w) => stem(w));
}

/** Short words after an underscore that qualify a symbol rather than subscript it (`zt_sd` is zT's deviation, not `ztsd`). */
const QUALIFYING = new Set(['sd', 'std', 'err', 'unc', 'min', 'max', 'avg', 'ave', 'val', 'exp', 'cal']);

/** Words that join others and name nothing (`spin polarization at the Fermi level`). */
const STOP_WORDS = new Set(['of', 'at', 'the', 'in', 'for', 'and', 'to', 'on', 'by', 'with', 'from', 'as', 'an']);

/**
 * The words of a name: Greek spelled out, `camelCase`/`snake_case` parted (a short symbol keeps its
 * subscript, `T_g` → `Tg`, but `zt_sd` → `zt sd`), `±` a word, Chinese runs whole, lower case and
 * stemmed unless `keepCase`, joining words dropped; punctuation separates.
 */
export function wordsOf(name: string, options: WordsOptions = {}): string[] {
  let text = name
    .normalize('NFKC')
    .replace(/[αβγδΔεηθκλμνρστφχωΩ]/g, (c) => ` ${GREEK[c] ?? c} `)
    // An uncertainty column is often headed by the sign alone.
    .replace(/±|\+\/-/g, ' plusminus ');
  // A match can only start where a run of lower case starts: saying so (the look-behind) keeps the
  // engine from trying every later letter of a long run again, which took minutes on a long header.
  text = text.replace(/(?<![a-z])([a-z]{2,})([A-Z][a-z]{2,})/g, '$1 $2');
  text = text.replace(
    /(^|[^A-Za-z0-9])([A-Za-z]{1,2})\s*_\s*([A-Za-z0-9]{1,3})(?![A-Za-z0-9])/g,
    (_whole, before: string, symbol: string, sub: string) =>
      QUALIFYING.has(sub.toLowerCase()) ? `${before}${symbol} ${sub}` : `${before}${symbol}${sub}`,
  );
  const words = text.match(/[\u3400-\u9fff]+|[\p{L}\p{N}]+(?:\.[0-9]+)*/gu) ?? [];
  const kept = words.filter((w) => !STOP_WORDS.has(w.toLowerCase()));
  return options.keepCase ? kept : kept.map((w) => stem(w.toLowerCase()));
}
