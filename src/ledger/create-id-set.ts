import { createDigestIndex } from './create-digest-index.js';

/** Platform ids (positive integers) a run has seen, outside the JavaScript heap (see {@link createIdSet}). */
export interface IdSet {
  has(id: number): boolean;
  /** Adds `id`; false when it was held already. */
  add(id: number): boolean;
  /** Ids held. */
  readonly size: number;
  /** Bytes held in memory (outside the JavaScript heap). */
  readonly bytes: number;
  /** Bytes of digests moved to the spill file. */
  readonly spilledBytes: number;
  /** Closes the spill file (the set is unusable after). */
  close(): void;
}

export interface IdSetOptions {
  /** Ids expected (those of a ledger being read in): the index starts large enough. @default 0 */
  readonly expected?: number | undefined;
  /** Where the digests of older ids may go to a file (`DigestIndexOptions.spillDirs`). @default [] */
  readonly spillDirs?: readonly string[] | undefined;
}

/**
 * A set of platform ids: each id's decimal text in a {@link createDigestIndex} index, as the ledger
 * holds its keys. In memory that is the index's 4-byte slot at load 0.5–0.75 (5–8 bytes an id) plus
 * the newest two pages of digests (2 MiB); the older digests go to a file beside the report. A plain
 * `Set` of numbers cost ~40 bytes an id on the heap, which V8 then multiplies (ARCHITECTURE.md,
 * Backpressure); a bitmap over the ids' range is smaller only while the platform's ids are dense, and
 * a platform (or a proxy) that answers sparse or made-up ids would make it as large as their range.
 * An id collides with another with probability about 2^-128 per pair: a new id could then be taken
 * for a repeated one, which only makes its row `uncertain`, never a success it was not.
 */
export function createIdSet(options: IdSetOptions = {}): IdSet {
  const index = createDigestIndex({ spillDirs: options.spillDirs, expected: options.expected });
  const text = (id: number): string => String(id);
  return {
    has: (id) => index.find(text(id)) >= 0,
    add(id) {
      const key = text(id);
      if (index.find(key) >= 0) return false;
      index.add(key);
      return true;
    },
    get size() {
      return index.size;
    },
    get bytes() {
      return index.bytes;
    },
    get spilledBytes() {
      return index.spilledBytes;
    },
    close: () => index.close(),
  };
}
