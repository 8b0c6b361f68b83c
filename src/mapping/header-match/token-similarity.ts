import { jaroWinkler } from '@skyra/jaro-winkler';
import { RELATED } from './related-terms.js';

const related = new Map<string, number>(RELATED.flatMap(([a, b, s]) => [[`${a} ${b}`, s] as const, [`${b} ${a}`, s] as const]));

const WORD = /^[a-z]+$/;

/**
 * How alike two words are, 0..1: 1 when equal; 0.8 when one is a short form the other starts with
 * (`temp` of `temperature`, `anneal` of `annealing`, at least three letters); 0.7 for a likely typo
 * (Jaro-Winkler ≥ 0.95 between words of five letters or more, ≥ 0.92 from eight letters: `condit`
 * and `conduct`, the stems of condition and conductivity, stay apart); related concepts of the glossary
 * (`formula`, `composition`) as it says; else 0. Chinese characters, numbers and mixed words count
 * only when equal.
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
