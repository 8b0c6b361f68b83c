import type { ChoiceField } from '../../template/template-types.js';
import type { ColumnProfile } from './column-profile.js';
import { nameReadings } from './name-readings.js';
import { nameScore } from './name-score.js';
import type { ValueMapEntry } from './proposal-types.js';

/** Distinct values a column may have and still be read as a choice. */
const MAX_CHOICE_VALUES = 50;
const SURE = 0.75;
const SHOW = 0.4;

/** A column's values against a choice field's options. */
export interface ValueMapProposal {
  /** Values that are not options, each with the option it most likely means. */
  readonly entries: readonly ValueMapEntry[];
  /** Share of the filled cells that are options or surely map to one (0..1). */
  readonly fit: number;
}

const plain = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_\-.·]+/g, '');

/**
 * Proposes a value map for a choice field: each distinct value of the column that is not an option is
 * compared with every option, by spelling (case, width, spaces) and by meaning (the glossary:
 * `Polycrystalline` → `多晶`). A clear best option is sure; a close second or a weak best is a guess.
 */
export function proposeValueMap(profile: ColumnProfile, field: ChoiceField): ValueMapProposal {
  if (profile.filled === 0 || profile.manyDistinct || profile.distinct.size > MAX_CHOICE_VALUES) return { entries: [], fit: 0 };
  const options = field.allOptions.map((o) => ({ option: o, plain: plain(o), words: { readings: nameReadings(o), ancestors: [] } }));
  const entries: ValueMapEntry[] = [];
  let good = 0;
  const sorted = [...profile.distinct].sort((a, b) => b[1] - a[1]);
  for (const [value, count] of sorted) {
    if (field.allOptions.includes(value)) {
      good += count;
      continue;
    }
    const spelled = options.find((o) => o.plain === plain(value));
    if (spelled) {
      entries.push({ from: value, to: spelled.option, score: 1, sure: true });
      good += count;
      continue;
    }
    const header = { readings: nameReadings(value), context: [] };
    const ranked = options.map((o) => ({ option: o.option, score: nameScore(header, o.words, () => 1) })).sort((a, b) => b.score - a.score);
    const top = ranked[0];
    if (top === undefined || top.score < SHOW) continue;
    const clear = (ranked[1]?.score ?? 0) < top.score - 0.05;
    const sure = top.score >= SURE && clear;
    entries.push({ from: value, to: top.option, score: top.score, sure });
    if (sure) good += count;
  }
  return { entries, fit: good / profile.filled };
}
