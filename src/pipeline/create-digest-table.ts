import { keyDigest } from './key-digest.js';

/** A set of the run's keys, each with a number (see {@link createDigestTable}). */
export interface DigestTable {
  /** The number stored for `key`, or `undefined` after storing `value` for it (a new key). */
  getOrSet(key: string, value: number): number | undefined;
  /** Distinct keys stored. */
  readonly size: number;
  /** Bytes held by the table (outside the JavaScript heap). */
  readonly bytes: number;
}

/** Entries per page (24-byte entries: 1.5 MiB pages): growing never copies what is held. */
const PAGE_ENTRIES = 1 << 16;
/** An entry, in 32-bit words: the digest (4), then the stored number as a double (2). */
const ENTRY_WORDS = 6;
/** Index slots at the start (4 KiB). */
const INITIAL_SLOTS = 1024;
/** The index is grown (doubled, rebuilt from the entries) past this load; a slot is 4 bytes. */
const MAX_LOAD = 0.5;

interface Page {
  readonly words: Uint32Array;
  readonly values: Float64Array;
}

/**
 * A hash table from a key's 16-byte digest ({@link keyDigest}) to a number in `[0, 2^53 - 1)`: the
 * entries (digest and number, 24 bytes) stored densely in pages of ArrayBuffers, found through an
 * open-addressing index of 4-byte entry numbers (load ≤ 0.5): 32–40 bytes a key, ~36 MiB for a
 * million. Growing rebuilds only the index (the old and the new one exist together for a moment);
 * the entries are never copied. (Slots holding the digest itself, doubled as a whole, peaked at
 * ~72 MiB for a million keys while the old and new buffers were both alive.)
 *
 * Why not a `Map` of digest strings: its entries live on the JavaScript heap, and V8 sizes the heap to
 * a multiple of what survives a full collection, so every megabyte of keys grew the process by
 * several (an ingest of 200,000 rows peaked 60 MB above one of 20,000 with no other live growth).
 * An ArrayBuffer's memory is outside that heap and costs its own size only.
 */
export function createDigestTable(): DigestTable {
  const pages: Page[] = [];
  let size = 0;
  let slots = INITIAL_SLOTS;
  let index = new Int32Array(slots);

  const pageOf = (entry: number): Page => pages[entry >>> 16]!;
  const base = (entry: number): number => (entry & (PAGE_ENTRIES - 1)) * ENTRY_WORDS;

  /** The index slot holding the digest's entry number plus one, or the empty slot where it belongs. */
  function find(d0: number, d1: number, d2: number, d3: number): number {
    const mask = slots - 1;
    // MD5 output is uniform: its first word is as good an index as any hash of it.
    let slot = d0 & mask;
    for (;;) {
      const stored = index[slot]!;
      if (stored === 0) return slot;
      const { words } = pageOf(stored - 1);
      const w = base(stored - 1);
      if (words[w] === d0 && words[w + 1] === d1 && words[w + 2] === d2 && words[w + 3] === d3) return slot;
      slot = (slot + 1) & mask;
    }
  }

  function grow(): void {
    slots *= 2;
    index = new Int32Array(slots);
    for (let entry = 0; entry < size; entry++) {
      const { words } = pageOf(entry);
      const w = base(entry);
      index[find(words[w]!, words[w + 1]!, words[w + 2]!, words[w + 3]!)] = entry + 1;
    }
  }

  return {
    getOrSet(key: string, value: number): number | undefined {
      const digest = keyDigest(key);
      const d0 = digest.readUInt32LE(0);
      const d1 = digest.readUInt32LE(4);
      const d2 = digest.readUInt32LE(8);
      const d3 = digest.readUInt32LE(12);
      let slot = find(d0, d1, d2, d3);
      const stored = index[slot]!;
      if (stored !== 0) {
        const page = pageOf(stored - 1);
        return page.values[(base(stored - 1) + 4) / 2]!;
      }
      if (size + 1 > slots * MAX_LOAD) {
        grow();
        slot = find(d0, d1, d2, d3);
      }
      if (size === pages.length * PAGE_ENTRIES) {
        const buffer = new ArrayBuffer(PAGE_ENTRIES * ENTRY_WORDS * 4);
        pages.push({ words: new Uint32Array(buffer), values: new Float64Array(buffer) });
      }
      const entry = size;
      const page = pageOf(entry);
      const w = base(entry);
      page.words[w] = d0;
      page.words[w + 1] = d1;
      page.words[w + 2] = d2;
      page.words[w + 3] = d3;
      page.values[(w + 4) / 2] = value;
      index[slot] = entry + 1;
      size += 1;
      return undefined;
    },
    get size() {
      return size;
    },
    get bytes() {
      return pages.length * PAGE_ENTRIES * ENTRY_WORDS * 4 + index.byteLength;
    },
  };
}
