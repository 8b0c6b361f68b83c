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

/** Slots at the start: 24 KiB, so a small file costs nothing worth naming. */
const INITIAL_SLOTS = 1024;
/**
 * Grown (doubled) past this share of used slots. Linear probing over 24-byte slots stays within a
 * cache line or two up to here, and a lower bound would cost memory for no measurable speed.
 */
const MAX_LOAD = 0.8;
/** A slot: the digest as four 32-bit words, then the stored number plus one as a double (0 = empty). */
const SLOT_BYTES = 24;

/**
 * An open-addressing hash table from a key's 16-byte digest ({@link keyDigest}) to a number in
 * `[0, 2^53 - 1)`, kept in one ArrayBuffer of 24-byte slots: 30–60 bytes a key with the load between
 * 0.4 and 0.8 (while it doubles, the old and the new buffer exist together for a moment).
 *
 * Why not a `Map` of digest strings: its entries live on the JavaScript heap, and V8 sizes the heap to
 * a multiple of what survives a full collection, so every megabyte of keys grew the process by
 * several (an ingest of 200,000 rows peaked 60 MB above one of 20,000 with no other live growth).
 * An ArrayBuffer's memory is outside that heap and costs its own size only.
 */
export function createDigestTable(): DigestTable {
  let slots = INITIAL_SLOTS;
  let buffer = new ArrayBuffer(slots * SLOT_BYTES);
  let words = new Uint32Array(buffer);
  let values = new Float64Array(buffer);
  let size = 0;

  /** The slot holding the digest, or the empty slot where it belongs. */
  function find(d0: number, d1: number, d2: number, d3: number): number {
    const mask = slots - 1;
    // MD5 output is uniform: its first word is as good an index as any hash of it.
    let slot = d0 & mask;
    for (;;) {
      if (values[slot * 3 + 2] === 0) return slot;
      const w = slot * 6;
      if (words[w] === d0 && words[w + 1] === d1 && words[w + 2] === d2 && words[w + 3] === d3) return slot;
      slot = (slot + 1) & mask;
    }
  }

  function grow(): void {
    const oldWords = words;
    const oldValues = values;
    const oldSlots = slots;
    slots *= 2;
    buffer = new ArrayBuffer(slots * SLOT_BYTES);
    words = new Uint32Array(buffer);
    values = new Float64Array(buffer);
    for (let old = 0; old < oldSlots; old++) {
      const stored = oldValues[old * 3 + 2]!;
      if (stored === 0) continue;
      const w = old * 6;
      const slot = find(oldWords[w]!, oldWords[w + 1]!, oldWords[w + 2]!, oldWords[w + 3]!);
      words.set(oldWords.subarray(w, w + 4), slot * 6);
      values[slot * 3 + 2] = stored;
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
      const stored = values[slot * 3 + 2]!;
      if (stored !== 0) return stored - 1;
      if (size + 1 > slots * MAX_LOAD) {
        grow();
        slot = find(d0, d1, d2, d3);
      }
      const w = slot * 6;
      words[w] = d0;
      words[w + 1] = d1;
      words[w + 2] = d2;
      words[w + 3] = d3;
      values[slot * 3 + 2] = value + 1;
      size += 1;
      return undefined;
    },
    get size() {
      return size;
    },
    get bytes() {
      return buffer.byteLength;
    },
  };
}
