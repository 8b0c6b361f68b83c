import { createDigestIndex, PAGE_BITS } from './create-digest-index.js';
import { isLowerHex } from '../util/is-lower-hex.js';
import { isSourceDigest, SOURCE_DIGEST_BYTES } from '../sources/source-digest.js';
import { createSpillPages, type SpillPages } from './create-spill-pages.js';

/** A key that is plainly uploaded: the one record stored for it is of its latest content. */
export interface PlainKey {
  /** The record's sha256, 64 lowercase hex digits. */
  readonly hash: string;
  /** The platform's id of the record. */
  readonly id: number;
  /** POST attempts over all runs. */
  readonly attempts: number;
  /** The 1-based report line that last changed the key (`report compact` keeps that line's place). */
  readonly line: number;
  /** When the record was stored (its `uploaded` line's `at`), when the report said. */
  readonly uploadedAt: string | undefined;
  /** The source digest of the cells the record was mapped from (`sourceDigest`, 32 hex digits), when the report said. */
  readonly src?: string | undefined;
}

/** The plainly uploaded keys of a report, outside the JavaScript heap (see {@link createLedgerTable}). */
export interface LedgerTable {
  get(key: string): PlainKey | undefined;
  /**
   * The key's entry number, or -1 when it was never held: numbers are dense from 0 and a number is
   * never given to another key, so a caller may keep its own marks per key in an array (the
   * duplicate-key guard of a resume, instead of a second table of the same keys).
   */
  find(key: string): number;
  set(key: string, entry: PlainKey): void;
  /**
   * When the key is held with `hash`: moves its line to `line` and, when given, sets its source
   * digest, and returns true (a `skipped` line of a row uploaded before, without decoding the entry).
   */
  touch(key: string, hash: string, line: number, src: string | undefined): boolean;
  /** Forgets the key (it is no longer plainly uploaded); true when it was held. */
  delete(key: string): boolean;
  /** Keys held. */
  readonly size: number;
  /** Bytes held in memory (outside the JavaScript heap). */
  readonly bytes: number;
  /** Bytes of values moved to the spill file. */
  readonly spilledBytes: number;
  /**
   * True when the key is held and `digest` (16 bytes, `rowSourceDigester`) is the source digest of its
   * record: a row with this key and these cells is that record, unmapped.
   */
  holds(key: string, digest: Uint8Array): boolean;
  /**
   * The caller's number for `entry` (0 until {@link setMark}), 8 bytes in pages of its own, never saved:
   * a resume's duplicate guard marks known keys here, at no memory of its own.
   */
  mark(entry: number): number;
  /** Sets the caller's number for entry `entry` (which must exist); see {@link mark}. */
  setMark(entry: number, value: number): void;
  /**
   * The platform id of entry `entry` (`0 <= entry < entries`), forgotten ones included (a record that
   * was stored stays stored): what the upload stage's set of ids the report holds is made from.
   */
  idAt(entry: number): number;
  /** Entries ever held, forgotten ones included: what {@link saveEntry} numbers. */
  readonly entries: number;
  /**
   * Writes entry `entry` (`0 <= entry < entries`) as {@link SAVED_ENTRY_BYTES} bytes into `into` at
   * `at`: the key's digest, its values, whether it is held. What a ledger index saves.
   */
  saveEntry(entry: number, into: Buffer, at: number): void;
  /**
   * Adds the next entry from bytes {@link saveEntry} wrote; false (nothing added) when its digest is
   * already in the table, which no table saves.
   */
  restoreEntry(from: Buffer, at: number): boolean;
}

/** A {@link PlainKey} read from the table: the upload time is made a text only when asked for (a resume never asks). */
class StoredKey implements PlainKey {
  constructor(
    readonly hash: string,
    readonly id: number,
    readonly attempts: number,
    readonly line: number,
    readonly uploadedMs: number,
    readonly src: string | undefined,
  ) {}

  get uploadedAt(): string | undefined {
    return Number.isNaN(this.uploadedMs) ? undefined : new Date(this.uploadedMs).toISOString();
  }

  /** As the plain data it stands for. */
  toJSON(): PlainKey {
    return { hash: this.hash, id: this.id, attempts: this.attempts, line: this.line, uploadedAt: this.uploadedAt, src: this.src };
  }
}

/** A hash the table can hold: what `ingest` writes (sha256 hex). Others (hand-made reports) stay on the heap. */
export function isTableHash(hash: string): boolean {
  return isLowerHex(hash, 64);
}

/**
 * An entry's values beside its digest: hash (32), id (8, double), upload ms (8, NaN unknown), line (4),
 * attempts (4), source digest (16, zero unknown): what an index saves. Live bits and marks live apart.
 */
const ENTRY_BYTES = 72;
const HASH = 0;
const ID = 32;
const AT = 40;
const LINE = 48;
const ATTEMPTS = 52;
const SRC = 56;
/** Bytes of an entry as `saveEntry` writes it: the key's digest (16), its values, a byte for whether it is held. */
export const SAVED_ENTRY_BYTES = 16 + ENTRY_BYTES + 1;
/** Entries per page of values (4.5 MiB). */
const PAGE_ENTRIES = 1 << PAGE_BITS;

export interface LedgerTableOptions {
  /** Entries expected (a saved index being restored; see `DigestIndexOptions.expected`). @default 0 */
  readonly expectedEntries?: number | undefined;
  /**
   * Folders where the values and digests of all but the newest two pages of keys (131,072 keys,
   * 12 MiB) may go to files (`createSpillPages`); none, or none that takes a file, keeps them in
   * memory. @default []
   */
  readonly spillDirs?: readonly string[] | undefined;
}

/** Closes the spill file of a table no longer reachable (a folded state is dropped, not closed). */
const release = new FinalizationRegistry<{ close(): void }>((files) => files.close());

/**
 * A key → {@link PlainKey} table: the key's digest in a {@link createDigestIndex} index (the key
 * itself not kept) and 72 bytes of values in spill pages, ~95 bytes a key, 5–8 in memory with
 * `spillDirs` (a `Map` of objects held ~500 MiB a million; docs/report-format.md#what-is-held-in-memory).
 * A forgotten entry keeps its place, reused if the key comes back.
 */
export function createLedgerTable(options: LedgerTableOptions = {}): LedgerTable {
  const keys = createDigestIndex({ spillDirs: options.spillDirs, expected: options.expectedEntries });
  const values = createSpillPages(ENTRY_BYTES, { pageEntries: PAGE_ENTRIES, residentPages: 2, dirs: options.spillDirs ?? [] });
  /** One bit a key: held or forgotten. */
  const liveBits: Uint8Array[] = [];
  const scratch = Buffer.alloc(ENTRY_BYTES);
  /** The caller's marks, made on the first `setMark`. */
  let marks: SpillPages | undefined;
  const markBytes = Buffer.alloc(8);
  const NO_SOURCE = Buffer.alloc(SOURCE_DIGEST_BYTES);
  /** A digest being saved or restored, as words and as bytes. */
  const words = new Uint32Array(4);
  const wordBytes = new Uint8Array(words.buffer);
  let live = 0;

  /** Writes a source digest into `scratch` (zeros for none). */
  function putSource(src: string | undefined): void {
    if (src === undefined || !isSourceDigest(src)) scratch.fill(0, SRC, SRC + SOURCE_DIGEST_BYTES);
    else scratch.write(src, SRC, SOURCE_DIGEST_BYTES, 'hex');
  }
  /** The source digest in `scratch`, or undefined for zeros. */
  function sourceIn(): string | undefined {
    return scratch.compare(NO_SOURCE, 0, SOURCE_DIGEST_BYTES, SRC, SRC + SOURCE_DIGEST_BYTES) === 0
      ? undefined
      : scratch.toString('hex', SRC, SRC + SOURCE_DIGEST_BYTES);
  }

  const isLive = (entry: number): boolean =>
    ((liveBits[entry >>> PAGE_BITS]![(entry & (PAGE_ENTRIES - 1)) >>> 3]! >>> (entry & 7)) & 1) === 1;
  function setLive(entry: number, on: boolean): void {
    const bits = liveBits[entry >>> PAGE_BITS]!;
    const byte = (entry & (PAGE_ENTRIES - 1)) >>> 3;
    bits[byte] = on ? bits[byte]! | (1 << (entry & 7)) : bits[byte]! & ~(1 << (entry & 7));
  }

  const table: LedgerTable = {
    find: (key) => keys.find(key),
    get(key) {
      const entry = keys.find(key);
      if (entry < 0 || !isLive(entry)) return undefined;
      values.read(entry, scratch);
      return new StoredKey(
        scratch.toString('hex', HASH, HASH + 32),
        scratch.readDoubleLE(ID),
        scratch.readUInt32LE(ATTEMPTS),
        scratch.readUInt32LE(LINE),
        scratch.readDoubleLE(AT),
        sourceIn(),
      );
    },
    holds(key, digest) {
      const entry = keys.find(key);
      if (entry < 0 || !isLive(entry) || digest.length !== SOURCE_DIGEST_BYTES) return false;
      values.read(entry, scratch);
      // Zeros are no digest: a real one is all zero with probability 2^-128.
      return scratch.compare(digest, 0, SOURCE_DIGEST_BYTES, SRC, SRC + SOURCE_DIGEST_BYTES) === 0 && NO_SOURCE.compare(digest) !== 0;
    },
    touch(key, hash, line, src) {
      const entry = keys.find(key);
      if (entry < 0 || !isLive(entry)) return false;
      values.read(entry, scratch);
      if (scratch.toString('hex', HASH, HASH + 32) !== hash) return false;
      scratch.writeUInt32LE(line >>> 0, LINE);
      if (src !== undefined) putSource(src);
      values.write(entry, scratch);
      return true;
    },
    set(key, value) {
      let entry = keys.find(key);
      if (entry < 0) {
        entry = keys.add(key);
        if (entry >>> PAGE_BITS === liveBits.length) liveBits.push(new Uint8Array(PAGE_ENTRIES / 8));
      }
      if (!isLive(entry)) {
        setLive(entry, true);
        live += 1;
      }
      scratch.write(value.hash, HASH, 32, 'hex');
      scratch.writeDoubleLE(value.id, ID);
      scratch.writeDoubleLE(value.uploadedAt === undefined ? Number.NaN : Date.parse(value.uploadedAt), AT);
      scratch.writeUInt32LE(value.line >>> 0, LINE);
      scratch.writeUInt32LE(Math.min(value.attempts, 0xffffffff) >>> 0, ATTEMPTS);
      putSource(value.src);
      values.write(entry, scratch);
    },
    delete(key) {
      const entry = keys.find(key);
      if (entry < 0 || !isLive(entry)) return false;
      setLive(entry, false);
      live -= 1;
      return true;
    },
    get size() {
      return live;
    },
    get entries() {
      return keys.size;
    },
    idAt(entry) {
      if (entry < 0 || entry >= keys.size) throw new RangeError(`LedgerTable.idAt: no entry ${entry}`);
      values.read(entry, scratch);
      return scratch.readDoubleLE(ID);
    },
    saveEntry(entry, into, at) {
      keys.digestAt(entry, words);
      into.set(wordBytes, at);
      values.read(entry, scratch);
      scratch.copy(into, at + 16, 0, ENTRY_BYTES);
      into[at + 16 + ENTRY_BYTES] = isLive(entry) ? 1 : 0;
    },
    restoreEntry(from, at) {
      wordBytes.set(from.subarray(at, at + 16));
      const entry = keys.addDigest(words);
      if (entry < 0) return false;
      if (entry >>> PAGE_BITS === liveBits.length) liveBits.push(new Uint8Array(PAGE_ENTRIES / 8));
      from.copy(scratch, 0, at + 16, at + 16 + ENTRY_BYTES);
      values.write(entry, scratch);
      if (from[at + 16 + ENTRY_BYTES] === 1) {
        setLive(entry, true);
        live += 1;
      }
      return true;
    },
    mark(entry) {
      if (marks === undefined || entry >= marks.count) return 0;
      marks.read(entry, markBytes);
      return markBytes.readDoubleLE(0);
    },
    setMark(entry, value) {
      if (entry < 0 || entry >= keys.size) throw new RangeError(`LedgerTable.setMark: no entry ${entry}`);
      marks ??= createSpillPages(8, { pageEntries: PAGE_ENTRIES, residentPages: 2, dirs: options.spillDirs ?? [] });
      // Entries never marked read as 0: the pages are filled up to this one.
      markBytes.writeDoubleLE(0, 0);
      while (marks.count < entry) marks.write(marks.count, markBytes);
      markBytes.writeDoubleLE(value, 0);
      marks.write(entry, markBytes);
    },
    get bytes() {
      return values.residentBytes + liveBits.length * (PAGE_ENTRIES / 8) + keys.bytes + (marks?.residentBytes ?? 0);
    },
    get spilledBytes() {
      return values.spilledBytes + keys.spilledBytes + (marks?.spilledBytes ?? 0);
    },
  };
  release.register(table, {
    close: () => {
      values.close();
      keys.close();
      marks?.close();
    },
  });
  return table;
}
