import { ABBREVIATIONS, abbreviationKey } from './abbreviations.js';
import { GLOSSARY } from './glossary.js';
import { wordsOf } from './words-of.js';

/** The concepts a name or abbreviation may stand for, each as the words of its canonical English name. */
export interface GlossaryIndex {
  /** By English name (its words, stemmed, joined by one space) or abbreviation key. */
  readonly english: ReadonlyMap<string, readonly (readonly string[])[]>;
  /** By Chinese name. */
  readonly chinese: ReadonlyMap<string, readonly (readonly string[])[]>;
  /** The most words an English key has, and the most characters a Chinese one has. */
  readonly longestEnglish: number;
  readonly longestChinese: number;
  /** Keys that are one-letter abbreviations: a weaker clue than a written word. */
  readonly singleLetters: ReadonlySet<string>;
}

function add(map: Map<string, (readonly string[])[]>, key: string, words: readonly string[]): void {
  const list = map.get(key) ?? [];
  if (!list.some((w) => w.join(' ') === words.join(' '))) list.push(words);
  map.set(key, list);
}

function buildIndex(): GlossaryIndex {
  const english = new Map<string, (readonly string[])[]>();
  const chinese = new Map<string, (readonly string[])[]>();
  const canonicalOf = new Map<string, readonly string[]>();
  for (const entry of GLOSSARY) {
    const canonical = wordsOf(entry.canonical);
    for (const name of entry.english) {
      const key = wordsOf(name).join(' ');
      add(english, key, canonical);
      canonicalOf.set(key, canonical);
    }
    for (const name of entry.chinese) add(chinese, name.normalize('NFKC').toLowerCase(), canonical);
  }
  const singleLetters = new Set<string>();
  for (const [key, expansions] of ABBREVIATIONS) {
    // Keys are looked up as the tokenizer writes words: Greek letters spelled out, lower case past one letter.
    const words = wordsOf(key, { keepCase: true });
    const lookup = abbreviationKey(words.join(' '));
    if (Array.from(lookup).length === 1) singleLetters.add(lookup);
    for (const expansion of expansions) add(english, lookup, canonicalOf.get(wordsOf(expansion).join(' ')) ?? wordsOf(expansion));
  }
  return {
    english,
    chinese,
    longestEnglish: Math.max(...[...english.keys()].map((k) => k.split(' ').length)),
    longestChinese: Math.max(...[...chinese.keys()].map((k) => Array.from(k).length)),
    singleLetters,
  };
}

let index: GlossaryIndex | undefined;

/** The glossary and abbreviations indexed for lookup (built once, on first use). */
export function glossaryIndex(): GlossaryIndex {
  index ??= buildIndex();
  return index;
}
