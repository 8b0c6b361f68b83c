import { createDigestIndex, PAGE_BITS } from '../util/create-digest-index.js';

/** A set of the run's keys, each with a number (see {@link createDigestTable}). */
export interface DigestTable {
  /** The number stored for `key`, or `undefined` after storing `value` for it (a new key). */
  getOrSet(key: string, value: number): number | undefined;
  /** Distinct keys stored. */
  readonly size: number;
  /** Bytes held by the table (outside the JavaScript heap). */
  readonly bytes: number;
}

const PAGE_ENTRIES = 1 << PAGE_BITS;

/**
 * A hash table from a key to a number in `[0, 2^53 - 1)`: the key's 16-byte digest in a
 * {@link createDigestIndex} index, the number in pages of Float64Arrays beside it: 32–40 bytes a key
 * whatever its length, ~36 MiB for a million, outside the JavaScript heap (see that index for why).
 */
export function createDigestTable(): DigestTable {
  const keys = createDigestIndex();
  const pages: Float64Array[] = [];
  return {
    getOrSet(key: string, value: number): number | undefined {
      let entry = keys.find(key);
      if (entry >= 0) return pages[entry >>> PAGE_BITS]![entry & (PAGE_ENTRIES - 1)];
      entry = keys.add(key);
      if (entry >>> PAGE_BITS === pages.length) pages.push(new Float64Array(PAGE_ENTRIES));
      pages[entry >>> PAGE_BITS]![entry & (PAGE_ENTRIES - 1)] = value;
      return undefined;
    },
    get size() {
      return keys.size;
    },
    get bytes() {
      return pages.length * PAGE_ENTRIES * 8 + keys.bytes;
    },
  };
}
