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
 * A set of platform ids as decimal text in a {@link createDigestIndex} index: 5–8 bytes an id plus two
 * pages of digests (2 MiB), where a `Set` cost ~40 heap bytes an id and a bitmap would grow with
 * made-up sparse ids. A collision (~2^-128) only makes a row `uncertain`, never a false success.
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
