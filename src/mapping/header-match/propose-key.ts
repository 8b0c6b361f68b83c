import type { ColumnProfile } from './column-profile.js';
import type { KeyProposal } from './proposal-types.js';
import { stems } from './words-of.js';

/** Words of a header that names a record: an id, a sample, a name, a grade. */
const ID_WORDS = new Set(stems('identifier', 'sample', 'name', 'grade'));
/** Words of a header that names what was measured: unique in a table of one row per material. */
const WHAT_WORDS = new Set(stems('formula', 'composition', 'material', 'alloy', 'compound'));

/**
 * Proposes `key:`: the `groupBy` columns, else the leftmost column sampled all filled and all different,
 * id-like first (`id`, `编号`, `mp-1234`), then the material, then any text; never a measured quantity.
 * A guess without an id-like header is written as a comment.
 */
export function proposeKey(
  names: readonly string[],
  profiles: readonly ColumnProfile[],
  words: readonly (readonly string[])[],
  units: readonly (string | undefined)[],
  groupBy: readonly string[],
): KeyProposal | undefined {
  if (groupBy.length > 0) return { headers: groupBy, sure: true, reason: 'the columns that make one record of several rows' };
  const candidates = names
    .map((name, i) => ({ name, i, profile: profiles[i]!, words: words[i]! }))
    .filter((c) => c.name.trim() !== '' && c.profile.unique && units[c.i] === undefined && c.profile.ranges < 0.5);
  const rows = profiles[0]?.rows ?? 0;
  const reason = `its values are all different in the ${rows} rows read`;
  const id = candidates.find((c) => c.words.some((w) => ID_WORDS.has(w)) || c.profile.idShaped);
  if (id) return { headers: [id.name], sure: true, reason };
  const what = candidates.find((c) => c.words.some((w) => WHAT_WORDS.has(w)) && c.profile.numeric < 0.5);
  if (what) return { headers: [what.name], sure: true, reason };
  const text = candidates.find((c) => c.profile.numeric < 0.5);
  if (text) return { headers: [text.name], sure: false, reason };
  return undefined;
}
