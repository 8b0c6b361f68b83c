import { createSpillPages } from './create-spill-pages.js';
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
  /** Bytes held in memory (outside the JavaScript heap). */
  readonly bytes: number;
  /** Bytes of digests moved to the spill file. */
  readonly spilledBytes: number;
  /** Stored digests read back to compare with one looked up, its tag having matched (the key itself, or a chance match). */
  readonly readBacks: number;
  /** Closes the spill file of the digests (the index is unusable after). */
  close(): void;
}

/** Entries per page of digests (16 bytes each: 1 MiB pages), so growing never copies what is held. */
export const PAGE_BITS = 16;
const PAGE_ENTRIES = 1 << PAGE_BITS;
/** Index slots at the start (4 KiB). */
const INITIAL_SLOTS = 1024;
/** The index grows past this load, to {@link GROWTH} times its slots (a load of 0.5 again). */
const MAX_LOAD = 0.75;
const GROWTH = 1.5;
/** The load an index made for `expected` keys starts at: room for a quarter more before it grows. */
const PRESIZE_LOAD = 0.6;
const DIGEST_BYTES = 16;
/** The most slots made ahead for `expected` keys (16 MiB: 2.5 million keys); past it the index grows as it fills. */
export const MAX_PRESIZED_SLOTS = 1 << 22;
/** Entry numbers take at most this many bits of a slot, so a tag has two or more: about a billion keys. */
const MAX_ENTRY_BITS = 30;

/** The slot count that holds `keys` at {@link PRESIZE_LOAD}, between the initial and the presize cap. */
function slotsFor(keys: number): number {
  return Math.min(MAX_PRESIZED_SLOTS, Math.max(INITIAL_SLOTS, Math.ceil(keys / PRESIZE_LOAD)));
}

export interface DigestIndexOptions {
  /**
   * Keys expected (a saved index being restored): the index starts large enough for them, instead of
   * growing to it and reading every digest back at each growth. At most {@link MAX_PRESIZED_SLOTS}
   * slots are made ahead, so a count not yet verified cannot claim much memory. @default 0
   */
  readonly expected?: number | undefined;
  /**
   * Folders where the digests of all but the newest two pages of keys (131,072 keys, 2 MiB) may go to
   * a file (`createSpillPages`); none, or none that takes the file, keeps them all in memory. @default []
   */
  readonly spillDirs?: readonly string[] | undefined;
}

/**
 * Creates a {@link DigestIndex}: linear probing over 4-byte slots (entry number and a digest tag, load
 * 0.5–0.75) over digests in spill pages, read back only on a tag match: 5–8 bytes a key in memory.
 * Design and figures: ARCHITECTURE.md → "Upload and the report", Backpressure.
 */
export function createDigestIndex(options: DigestIndexOptions = {}): DigestIndex {
  const digests = createSpillPages(DIGEST_BYTES, { pageEntries: PAGE_ENTRIES, residentPages: 2, dirs: options.spillDirs ?? [] });
  const digest = new Uint32Array(4);
  const digestBytes = Buffer.from(digest.buffer);
  /** A stored digest, read back to be compared or copied out. */
  const stored = new Uint32Array(4);
  const storedBytes = Buffer.from(stored.buffer);
  let size = 0;
  let slots = 0;
  let index = new Uint32Array(0);
  /** Keys the index holds before it grows, the bits their entry numbers plus one take, and the mask of those bits. */
  let capacity = 0;
  let entryBits = 0;
  let entryMask = 0;
  /** What the last `find` computed: its key, its answer, and the empty slot where a missing key belongs. */
  let lastKey: string | undefined;
  let lastEntry = -1;
  let lastSlot = -1;
  let readBacks = 0;

  /** Makes an empty index of `count` slots. */
  function makeIndex(count: number): void {
    slots = count;
    index = new Uint32Array(count);
    capacity = Math.floor(count * MAX_LOAD);
    entryBits = 32 - Math.clz32(capacity);
    if (entryBits > MAX_ENTRY_BITS) throw new RangeError(`a digest index holds at most ${2 ** MAX_ENTRY_BITS - 2} keys`);
    entryMask = 2 ** entryBits - 1;
  }
  makeIndex(slotsFor(options.expected ?? 0));

  /**
   * The home slot of a digest whose first word is `d0`: its share of the slots (`d0 / 2^32` of them),
   * which any slot count can take. The product is exact below 2^53 and, above, rounds by less than
   * one slot, so the slot is always below `slots`.
   */
  const homeOf = (d0: number): number => Math.floor(((d0 >>> 0) * slots) / 4294967296);
  const tagOf = (d1: number): number => d1 >>> entryBits;

  /** The slot of the digest in `digest`, or the empty slot where it belongs. */
  function slotOfDigest(): number {
    const tag = tagOf(digest[1]!);
    let slot = homeOf(digest[0]!);
    for (;;) {
      const at = index[slot]!;
      if (at === 0) return slot;
      if (at >>> entryBits === tag) {
        readBacks += 1;
        digests.read((at & entryMask) - 1, storedBytes);
        if (stored[0] === digest[0] && stored[1] === digest[1] && stored[2] === digest[2] && stored[3] === digest[3]) return slot;
      }
      slot = slot + 1 === slots ? 0 : slot + 1;
    }
  }

  /** What a slot holds for entry `entry`, whose digest's second word is `d1`: the tag, then the number plus one. */
  const slotValue = (entry: number, d1: number): number => (tagOf(d1) * 2 ** entryBits + entry + 1) >>> 0;

  /** The empty slot for a digest whose first word is `d0` and that no other entry has (a rebuild). */
  function emptySlotFor(d0: number): number {
    let slot = homeOf(d0);
    while (index[slot] !== 0) slot = slot + 1 === slots ? 0 : slot + 1;
    return slot;
  }

  /** Grows the index by {@link GROWTH} and places every entry again by its digest, read back in entry order. */
  function grow(): void {
    makeIndex(Math.ceil(slots * GROWTH));
    for (let entry = 0; entry < size; entry++) {
      digests.read(entry, storedBytes);
      index[emptySlotFor(stored[0]!)] = slotValue(entry, stored[1]!);
    }
  }

  /** Adds the digest in `digest`, missing from the index, whose empty slot is `slot`; returns its entry number. */
  function insert(slot: number): number {
    const entry = size;
    if (entry + 1 > capacity) {
      grow();
      slot = emptySlotFor(digest[0]!);
    }
    index[slot] = slotValue(entry, digest[1]!);
    digests.write(entry, digestBytes);
    size += 1;
    return entry;
  }

  return {
    find(key) {
      if (key === lastKey) return lastEntry;
      keyDigest(key, digest);
      const slot = slotOfDigest();
      lastKey = key;
      lastSlot = slot;
      lastEntry = (index[slot]! & entryMask) - 1;
      return lastEntry;
    },
    add(key) {
      if (key !== lastKey || lastEntry !== -1) throw new Error('DigestIndex.add: not the key of the last find, or a key already added');
      lastEntry = insert(lastSlot);
      return lastEntry;
    },
    digestAt(entry, into) {
      if (entry < 0 || entry >= size) throw new Error(`DigestIndex.digestAt: no entry ${entry}`);
      digests.read(entry, storedBytes);
      into.set(stored);
    },
    addDigest(words) {
      digest.set(words.subarray(0, 4));
      lastKey = undefined;
      const slot = slotOfDigest();
      return index[slot] !== 0 ? -1 : insert(slot);
    },
    get size() {
      return size;
    },
    get bytes() {
      return index.byteLength + digests.residentBytes;
    },
    get spilledBytes() {
      return digests.spilledBytes;
    },
    get readBacks() {
      return readBacks;
    },
    close() {
      digests.close();
    },
  };
}
