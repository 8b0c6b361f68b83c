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

/** Entries per page of digests (16 bytes each: 1 MiB pages) and of tags (4 bytes each), so growing never copies what is held. */
export const PAGE_BITS = 16;
const PAGE_ENTRIES = 1 << PAGE_BITS;
/** Index slots at the start (4 KiB). */
const INITIAL_SLOTS = 1024;
/** The index is doubled and rebuilt past this load; a slot is 4 bytes (an entry number plus one). */
const MAX_LOAD = 0.5;
const DIGEST_BYTES = 16;
/** The most slots made ahead for `expected` keys (16 MiB: four million keys); past it the index grows as it fills. */
export const MAX_PRESIZED_SLOTS = 1 << 22;

/** The power-of-two slot count that holds `keys` at {@link MAX_LOAD}, between the initial and the presize cap. */
function slotsFor(keys: number): number {
  let slots = INITIAL_SLOTS;
  while (slots < MAX_PRESIZED_SLOTS && keys > slots * MAX_LOAD) slots *= 2;
  return slots;
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
 * Creates a {@link DigestIndex}: an open-addressing index of 4-byte entry numbers (load ≤ 0.5) over
 * the digests, which are stored densely in {@link createSpillPages} pages, and beside them in memory
 * each digest's second word, its tag. A key's slot comes from the digest's first word; a probe
 * compares the tag, and only a tag that matches reads the whole digest. Memory: 12–20 bytes a key
 * whatever its length (4 of tag, 8–16 of slots), plus the digests unless they go to a file
 * (`spillDirs`): a resume reads its keys in the order they were added, which the pages' held block
 * answers, and a key the index does not hold matches a tag by chance once in 2^32 probes. The tag is
 * not the word that places the key, so keys made to share a slot (Murmur is not built against that,
 * see `keyDigest`) still differ in their tags and cost memory probes, not file reads. Growing reads
 * the digests back in entry order and never copies them (slots holding the digests themselves,
 * doubled whole, peaked at ~72 MiB for a million keys while the old and new buffers were both alive).
 *
 * Why outside the JavaScript heap: V8 sizes its heap as a multiple of what survives a collection, so
 * a million keys in a `Map` grew the process by several times their size; an ArrayBuffer costs its
 * own size only (ARCHITECTURE.md, Backpressure).
 */
export function createDigestIndex(options: DigestIndexOptions = {}): DigestIndex {
  const digests = createSpillPages(DIGEST_BYTES, { pageEntries: PAGE_ENTRIES, residentPages: 2, dirs: options.spillDirs ?? [] });
  const tags: Uint32Array[] = [];
  const digest = new Uint32Array(4);
  const digestBytes = Buffer.from(digest.buffer);
  /** A stored digest, read back to be compared or copied out. */
  const stored = new Uint32Array(4);
  const storedBytes = Buffer.from(stored.buffer);
  let size = 0;
  let slots = slotsFor(options.expected ?? 0);
  let index = new Int32Array(slots);
  /** What the last `find` computed: its key, its answer, and the empty slot where a missing key belongs. */
  let lastKey: string | undefined;
  let lastEntry = -1;
  let lastSlot = -1;
  let readBacks = 0;

  const tagOf = (entry: number): number => tags[entry >>> PAGE_BITS]![entry & (PAGE_ENTRIES - 1)]!;

  /** The slot of the digest in `digest`, or the empty slot where it belongs. */
  function slotOfDigest(): number {
    const mask = slots - 1;
    const tag = digest[1]!;
    // The digest is uniform: its first word is as good a place as any hash of it.
    let slot = digest[0]! & mask;
    for (;;) {
      const at = index[slot]!;
      if (at === 0) return slot;
      if (tagOf(at - 1) === tag) {
        readBacks += 1;
        digests.read(at - 1, storedBytes);
        if (stored[0] === digest[0] && stored[2] === digest[2] && stored[3] === digest[3]) return slot;
      }
      slot = (slot + 1) & mask;
    }
  }

  /** The empty slot for a digest whose first word is `d0` and that no other entry has (a rebuild). */
  function emptySlotFor(d0: number): number {
    const mask = slots - 1;
    let slot = d0 & mask;
    while (index[slot] !== 0) slot = (slot + 1) & mask;
    return slot;
  }

  /** Doubles the index and places every entry again by its digest's first word, read back in entry order. */
  function grow(): void {
    slots *= 2;
    index = new Int32Array(slots);
    for (let entry = 0; entry < size; entry++) {
      digests.read(entry, storedBytes);
      index[emptySlotFor(stored[0]!)] = entry + 1;
    }
  }

  /** Adds the digest in `digest`, missing from the index, whose empty slot is `slot`; returns its entry number. */
  function insert(slot: number): number {
    if (size + 1 > slots * MAX_LOAD) {
      grow();
      slot = emptySlotFor(digest[0]!);
    }
    const entry = size;
    if (entry >>> PAGE_BITS === tags.length) tags.push(new Uint32Array(PAGE_ENTRIES));
    tags[entry >>> PAGE_BITS]![entry & (PAGE_ENTRIES - 1)] = digest[1]!;
    digests.write(entry, digestBytes);
    index[slot] = entry + 1;
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
      return tags.length * PAGE_ENTRIES * 4 + index.byteLength + digests.residentBytes;
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
