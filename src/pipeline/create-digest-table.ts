import { keyDigest } from './key-digest.js';

/** A set of the run's keys, each with a number (see {@link createDigestTable}). */
export interface DigestTable {
  /** The number stored for `key`, or `undefined` after storing `value` for it (a new key). */
  getOrSet(key: string, value: number): number | undefined;
  /** Distinct keys stored. */
  readonly size: number;
  /** Bytes held by the table's arrays (outside the JavaScript heap). */
  readonly bytes: number;
}

/** Slots at the start: 24 KiB, so a small file costs nothing worth naming. */
const INITIAL_SLOTS = 1024;
/** Grown (doubled) past this share of used slots; linear probing stays short below it. */
const MAX_LOAD = 0.7;

/**
 * An open-addressing hash table from a key's 16-byte digest ({@link keyDigest}) to a number in
 * `[0, 2^53 - 1)`, kept in typed arrays: 24 bytes a slot (four 32-bit digest words and a double),
 * 34–69 bytes a key with the load between 0.35 and 0.7.
 *
 * Why not a `Map` of digest strings: its entries live on the JavaScript heap, and V8 sizes the heap to
 * a multiple of what survives a full collection, so every megabyte of keys grew the process by
 * several (an ingest of 200,000 rows peaked 60 MB above one of 20,000 with no other live growth).
 * Typed-array storage is outside that heap and costs its own size only.
 */
export function createDigestTable(): DigestTable {
  let slots = INITIAL_SLOTS;
  let words = new Uint32Array(slots * 4);
  // The stored number plus one: 0 marks an empty slot.
  let values = new Float64Array(slots);
  let size = 0;

  /** The slot holding `d`, or the empty slot where it belongs. */
  function find(d0: number, d1: number, d2: number, d3: number): number {
    const mask = slots - 1;
    // MD5 output is uniform: its first word is as good an index as any hash of it.
    let slot = d0 & mask;
    for (;;) {
      if (values[slot] === 0) return slot;
      const w = slot * 4;
      if (words[w] === d0 && words[w + 1] === d1 && words[w + 2] === d2 && words[w + 3] === d3) return slot;
      slot = (slot + 1) & mask;
    }
  }

  function grow(): void {
    const oldWords = words;
    const oldValues = values;
    slots *= 2;
    words = new Uint32Array(slots * 4);
    values = new Float64Array(slots);
    for (let old = 0; old < oldValues.length; old++) {
      if (oldValues[old] === 0) continue;
      const w = old * 4;
      const slot = find(oldWords[w]!, oldWords[w + 1]!, oldWords[w + 2]!, oldWords[w + 3]!);
      words.set(oldWords.subarray(w, w + 4), slot * 4);
      values[slot] = oldValues[old]!;
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
      const stored = values[slot]!;
      if (stored !== 0) return stored - 1;
      if ((size + 1) / slots > MAX_LOAD) {
        grow();
        slot = find(d0, d1, d2, d3);
      }
      const w = slot * 4;
      words[w] = d0;
      words[w + 1] = d1;
      words[w + 2] = d2;
      words[w + 3] = d3;
      values[slot] = value + 1;
      size += 1;
      return undefined;
    },
    get size() {
      return size;
    },
    get bytes() {
      return words.byteLength + values.byteLength;
    },
  };
}
