import { glossaryIndex } from './glossary-index.js';
import { stem, wordsOf } from './words-of.js';

/** One way to read a name: its words, with glossary terms and abbreviations rewritten to their canonical English words. */
export interface Reading {
  readonly tokens: readonly string[];
  /** 1, or less when a one-letter abbreviation was expanded (`T`, `E`): a weaker clue than a word. */
  readonly confidence: number;
}

/** At most this many readings of one name (each ambiguous abbreviation doubles them). */
const MAX_READINGS = 8;
const CJK_RUN = /^[\u3400-\u9fff]+$/;

/**
 * The readings of a name: English words by the longest glossary or abbreviation phrase (`UTS`), Chinese
 * runs cut into the longest glossary terms (`退火温度`), one reading per meaning of an ambiguous
 * abbreviation (`ρ`); other words kept, lower case and stemmed.
 */
export function nameReadings(name: string): Reading[] {
  const raw = wordsOf(name, { keepCase: true });
  const index = glossaryIndex();
  let readings: { tokens: string[]; confidence: number }[] = [{ tokens: [], confidence: 1 }];
  const extend = (alternatives: readonly (readonly string[])[], confidence: number): void => {
    const next: { tokens: string[]; confidence: number }[] = [];
    for (const r of readings)
      for (const alt of alternatives) next.push({ tokens: [...r.tokens, ...alt], confidence: r.confidence * confidence });
    readings = next.slice(0, MAX_READINGS);
  };
  let i = 0;
  while (i < raw.length) {
    const word = raw[i]!;
    if (CJK_RUN.test(word)) {
      chineseTerms(word).forEach((alts) => extend(alts, 1));
      i++;
      continue;
    }
    let taken = 0;
    for (let len = Math.min(index.longestEnglish, raw.length - i); len >= 1 && taken === 0; len--) {
      const span = raw.slice(i, i + len);
      if (span.some((w) => CJK_RUN.test(w))) continue;
      const rawKey = span.join(' ');
      const single = len === 1 && Array.from(rawKey).length === 1;
      const found = single
        ? index.english.get(rawKey)
        : [
            ...(index.english.get(span.map((w) => stem(w.toLowerCase())).join(' ')) ?? []),
            ...(index.english.get(rawKey.toLowerCase()) ?? []),
          ];
      if (found !== undefined && found.length > 0) {
        const unique = [...new Map(found.map((f) => [f.join(' '), f])).values()];
        extend(unique, single ? 0.85 : 1);
        taken = len;
      }
    }
    if (taken === 0) {
      extend([[stem(word.toLowerCase())]], 1);
      taken = 1;
    }
    i += taken;
  }
  return readings.filter((r) => r.tokens.length > 0);
}

/** A run of Chinese characters cut into glossary terms, longest first from the left; each part's alternatives. */
function chineseTerms(run: string): (readonly (readonly string[])[])[] {
  const index = glossaryIndex();
  const chars = Array.from(run);
  const out: (readonly (readonly string[])[])[] = [];
  let i = 0;
  while (i < chars.length) {
    let taken = 0;
    for (let len = Math.min(index.longestChinese, chars.length - i); len >= 2 && taken === 0; len--) {
      const found = index.chinese.get(chars.slice(i, i + len).join(''));
      if (found !== undefined) {
        out.push(found);
        taken = len;
      }
    }
    if (taken === 0) {
      const found = index.chinese.get(chars[i]!);
      out.push(found ?? [[chars[i]!]]);
      taken = 1;
    }
    i += taken;
  }
  return out;
}
