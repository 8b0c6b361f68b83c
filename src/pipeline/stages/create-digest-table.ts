import { createDigestIndex, createSpillPages } from '../../ledger/ledger.js';

/** A set of the run's keys, each with a number (see {@link createDigestTable}). */
export interface DigestTable {
  /** The number stored for `key`, or `undefined` after storing `value` for it (a new key). */
  getOrSet(key: string, value: number): number | undefined;
  /** Distinct keys stored. */
  readonly size: number;
  /** Bytes held in memory (outside the JavaScript heap). */
  readonly bytes: number;
  /** Bytes moved to spill files. */
  readonly spilledBytes: number;
  /** Closes the spill files (the table is unusable after). */
  close(): void;
}

export interface DigestTableOptions {
  /**
   * Folders where the digests and numbers of all but the newest keys may go to files
   * (`createSpillPages`); none, or none that takes a file, keeps them in memory. @default []
   */
  readonly spillDirs?: readonly string[] | undefined;
}

/** Entries per page of numbers (8 bytes each: 512 KiB pages). */
const PAGE_ENTRIES = 1 << 16;

/**
 * A hash table from a key to a number in `[0, 2^53 - 1)`, off-heap ({@link createDigestIndex} says
 * why): 29–32 bytes a key, 5–8 in memory with `spillDirs`. New keys come in order, so the files are
 * written a block at a time and read only for a key met again or a chance tag match.
 */
export function createDigestTable(options: DigestTableOptions = {}): DigestTable {
  const keys = createDigestIndex({ spillDirs: options.spillDirs });
  const values = createSpillPages(8, { pageEntries: PAGE_ENTRIES, residentPages: 2, dirs: options.spillDirs ?? [] });
  const number = Buffer.alloc(8);
  return {
    getOrSet(key: string, value: number): number | undefined {
      let entry = keys.find(key);
      if (entry >= 0) {
        values.read(entry, number);
        return number.readDoubleLE(0);
      }
      entry = keys.add(key);
      number.writeDoubleLE(value, 0);
      values.write(entry, number);
      return undefined;
    },
    get size() {
      return keys.size;
    },
    get bytes() {
      return values.residentBytes + keys.bytes;
    },
    get spilledBytes() {
      return values.spilledBytes + keys.spilledBytes;
    },
    close() {
      values.close();
      keys.close();
    },
  };
}
