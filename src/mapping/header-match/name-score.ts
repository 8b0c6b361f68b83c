import type { Reading } from './name-readings.js';
import { MEASURED_BY_DEFAULT, QUALIFIERS, qualifiersConflict, saysHowObtained } from './qualifiers.js';
import { tokenSimilarity } from './token-similarity.js';

/** A header's words: its own name's readings and the words of its group title or prefix. */
export interface HeaderWords {
  readonly readings: readonly Reading[];
  readonly context: readonly string[];
}

/** A field's words: its own name's readings, then each ancestor's words, nearest first. */
export interface FieldWords {
  readonly readings: readonly Reading[];
  readonly ancestors: readonly (readonly string[])[];
}

/** How much a word tells: 1 for a word of one field, less for words many fields or headers share. */
export type WordWeight = (token: string) => number;

const PARENT = 0.8;
const FARTHER = 0.4;
const CONTEXT = 0.5;
const CONFLICT = 0.3;
/** A header whose head word the field does not have names something else (`k_condition` is a condition, not a `k`). */
const HEADLESS = 0.6;
/** A lone Chinese character no glossary term covers is about half a word. */
const CHARACTER = 0.5;
const SINGLE_CHINESE = /^[\u3400-\u9fff]$/;

function best(token: string, others: readonly string[]): number {
  let top = 0;
  for (const o of others) top = Math.max(top, tokenSimilarity(token, o));
  return top;
}

/**
 * How well a header names a field, 0..1: the harmonic mean of how much of each the other explains,
 * words weighted by rarity, the parent's name counting almost fully (`Hardness / Measured`). Clashing
 * qualifiers and a missing head word cut it; the best pair of readings counts.
 */
export function nameScore(header: HeaderWords, field: FieldWords, weight: WordWeight): number {
  let top = 0;
  for (const hr of header.readings) {
    for (const fr of field.readings) {
      const s = readingScore(hr, fr, header.context, field.ancestors, weight);
      if (s > top) top = s;
    }
  }
  return top;
}

function readingScore(
  hr: Reading,
  fr: Reading,
  context: readonly string[],
  ancestors: readonly (readonly string[])[],
  weight: WordWeight,
): number {
  const onlyQualifiers = fr.tokens.every((t) => QUALIFIERS.has(t));
  const w = (t: string): number => weight(t) * (QUALIFIERS.has(t) ? 0.5 : SINGLE_CHINESE.test(t) ? CHARACTER : 1);
  const levels: { tokens: readonly string[]; factor: number; bonusOnly: boolean }[] = [{ tokens: fr.tokens, factor: 1, bonusOnly: false }];
  ancestors.forEach((tokens, i) => levels.push({ tokens, factor: i === 0 ? (onlyQualifiers ? 1 : PARENT) : FARTHER, bonusOnly: i > 0 }));
  const fieldTokens = levels.flatMap((l) => l.tokens);
  const headerTokens = [...hr.tokens, ...context];
  // A header that does not say measured or calculated half-matches `measured` (`Hardness` → `Hardness / Measured`).
  const implied = saysHowObtained(hr.tokens) ? undefined : MEASURED_BY_DEFAULT;

  let hSum = 0;
  let hHit = 0;
  for (const t of hr.tokens) {
    hSum += w(t);
    hHit += w(t) * best(t, fieldTokens);
  }
  for (const t of context) {
    const s = best(t, fieldTokens);
    if (s > 0) {
      hSum += CONTEXT * w(t);
      hHit += CONTEXT * w(t) * s;
    }
  }
  let fSum = 0;
  let fHit = 0;
  for (const level of levels) {
    for (const t of level.tokens) {
      const s = Math.max(best(t, headerTokens), t === implied ? 0.5 : 0);
      if (level.bonusOnly && s === 0) continue;
      fSum += level.factor * w(t);
      fHit += level.factor * w(t) * s;
    }
  }
  if (hSum === 0 || fSum === 0 || hHit === 0 || fHit === 0) return 0;
  const hc = hHit / hSum;
  const fc = fHit / fSum;
  let score = ((2 * hc * fc) / (hc + fc)) * hr.confidence * fr.confidence;
  if (qualifiersConflict(hr.tokens, fieldTokens)) score *= CONFLICT;
  // English and Chinese names both put the head word last: `anneal temperature` is a temperature.
  const head = [...hr.tokens].reverse().find((t) => !QUALIFIERS.has(t));
  if (head !== undefined && best(head, fieldTokens) === 0) score *= HEADLESS;
  return score;
}
