import { keyDigest } from './key-digest.js';

/**
 * Keys numbered in the order they were added, each known by its 128-bit {@link keyDigest}: what the
 * run's off-heap key tables (the duplicate-key guard, the ledger's plainly uploaded keys) share. Each
 * keeps its own values in arrays indexed by the entry number.
 */
export interface DigestIndex {
  /**
   * The entry number of `key`, or -1 when it was never added. The same key asked again at once is
   * answered without digesting it again (a row's key is looked up by the duplicate guard, then by the
   * resume rules).
   */
  find(key: string): number;
  /**
   * Adds the key of the last {@link find}, which must have returned -1, and returns its entry number
   * (the number of keys added before it): its digest and its place were computed by that call.
   */
  add(key: string): number;
  /** Copies the digest of entry `entry` (which must exist) into `into` (4 words). */
  digestAt(entry: number, into: Uint32Array): void;
  /**
   * Adds a key by its digest (4 words, as {@link digestAt} gives it) and returns its entry number, or
   * -1 when that digest is already held: how a saved index is read back in its entries' order.
   */
  addDigest(words: Uint32Array): number;
  /** Keys added. */
  readonly size: number;
  /** Bytes held (outside the JavaScript heap). */
  readonly bytes: number;
}

/** Entries per page of digests (16 bytes each: 1 MiB pages), so growing never copies what is held. */
export const PAGE_BITS = 16;
const PAGE_ENTRIES = 1 << PAGE_BITS;
/** Index slots at the start (4 KiB). */
const INITIAL_SLOTS = 1024;
/** The index is doubled and rebuilt past this load; a slot is 4 bytes (an entry number plus one). */
const MAX_LOAD = 0.5;

/**
 * Creates a {@link DigestIndex}: the digests stored densely in pages of ArrayBuffers, found through an
 * open-addressing index of 4-byte entry numbers (load ≤ 0.5): 24–32 bytes a key whatever its length.
 * Growing rebuilds only the index; the digests are never copied (slots holding the digests themselves,
 * doubled whole, peaked at ~72 MiB for a million keys while the old and new buffers were both alive).
 *
 * Why outside the JavaScript heap: V8 sizes its heap as a multiple of what survives a collection, so
 * a million keys in a `Map` grew the process by several times their size; an ArrayBuffer costs its
 * own size only (ARCHITECTURE.md, Backpressure).
 */
export function createDigestIndex(): DigestIndex {
  const pages: Uint32Array[] = [];
  const digest = new Uint32Array(4);
  let size = 0;
  let slots = INITIAL_SLOTS;
  let index = new Int32Array(slots);
  /** What the last `find` computed: its key, its answer, and the empty slot where a missing key belongs. */
  let lastKey: string | undefined;
  let lastEntry = -1;
  let lastSlot = -1;

  /** The slot of the digest in `d`, or the empty slot where it belongs. */
  function slotOf(d0: number, d1: number, d2: number, d3: number): number {
    const mask = slots - 1;
    // The digest is uniform: its first word is as good a place as any hash of it.
    let slot = d0 & mask;
    for (;;) {
      const stored = index[slot]!;
      if (stored === 0) return slot;
      const words = pages[(stored - 1) >>> PAGE_BITS]!;
      const w = ((stored - 1) & (PAGE_ENTRIES - 1)) * 4;
      if (words[w] === d0 && words[w + 1] === d1 && words[w + 2] === d2 && words[w + 3] === d3) return slot;
      slot = (slot + 1) & mask;
    }
  }

  function grow(): void {
    slots *= 2;
    index = new Int32Array(slots);
    for (let entry = 0; entry < size; entry++) {
      const words = pages[entry >>> PAGE_BITS]!;
      const w = (entry & (PAGE_ENTRIES - 1)) * 4;
      index[slotOf(words[w]!, words[w + 1]!, words[w + 2]!, words[w + 3]!)] = entry + 1;
    }
  }

  /** Adds the digest in `digest`, missing from the index, whose empty slot is `slot`; returns its entry number. */
  function insert(slot: number): number {
    if (size + 1 > slots * MAX_LOAD) {
      grow();
      slot = slotOf(digest[0]!, digest[1]!, digest[2]!, digest[3]!);
    }
    const entry = size;
    if (entry >>> PAGE_BITS === pages.length) pages.push(new Uint32Array(PAGE_ENTRIES * 4));
    pages[entry >>> PAGE_BITS]!.set(digest, (entry & (PAGE_ENTRIES - 1)) * 4);
    index[slot] = entry + 1;
    size += 1;
    return entry;
  }

  return {
    find(key) {
      if (key === lastKey) return lastEntry;
      keyDigest(key, digest);
      const slot = slotOf(digest[0]!, digest[1]!, digest[2]!, digest[3]!);
      lastKey = key;
      lastSlot = slot;
      lastEntry = index[slot]! - 1;
      return lastEntry;
    },
    add(key) {
      if (key !== lastKey || lastEntry !== -1) throw new Error('DigestIndex.add: not the key of the last find, or a key already added');
      lastEntry = insert(lastSlot);
      return lastEntry;
    },
    digestAt(entry, into) {
      if (entry < 0 || entry >= size) throw new Error(`DigestIndex.digestAt: no entry ${entry}`);
      const words = pages[entry >>> PAGE_BITS]!;
      const w = (entry & (PAGE_ENTRIES - 1)) * 4;
      into.set(words.subarray(w, w + 4));
    },
    addDigest(words) {
      digest.set(words.subarray(0, 4));
      lastKey = undefined;
      const slot = slotOf(digest[0]!, digest[1]!, digest[2]!, digest[3]!);
      return index[slot] !== 0 ? -1 : insert(slot);
    },
    get size() {
      return size;
    },
    get bytes() {
      return pages.length * PAGE_ENTRIES * 16 + index.byteLength;
    },
  };
}
