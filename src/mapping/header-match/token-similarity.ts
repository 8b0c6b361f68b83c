import { jaroWinkler } from '@skyra/jaro-winkler';
import { RELATED } from './related-terms.js';

const related = new Map<string, number>(RELATED.flatMap(([a, b, s]) => [[`${a} ${b}`, s] as const, [`${b} ${a}`, s] as const]));

const WORD = /^[a-z]+$/;

/**
 * How alike two words are, 0..1: equal 1; a prefix short form of three letters or more 0.8; a likely
 * typo 0.7 (Jaro-Winkler ≥ 0.95 from five letters, ≥ 0.92 from eight, so `condit`/`conduct` stay apart);
 * glossary relations as it says; else 0. Chinese, numbers and mixed words count only when equal.
 */
export function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const near = related.get(`${a} ${b}`);
  if (near !== undefined) return near;
  if (!WORD.test(a) || !WORD.test(b)) return 0;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length >= 3 && long.startsWith(short)) return 0.8;
  const jw = short.length >= 5 ? jaroWinkler(a, b) : 0;
  if (jw >= 0.95 || (short.length >= 8 && jw >= 0.92)) return 0.7;
  return 0;
}
