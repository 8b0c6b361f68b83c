import { closeSync, readSync, writeSync } from 'node:fs';
import { openUnlinked } from '../util/open-unlinked.js';

/**
 * Fixed-size entries numbered from 0, the newest pages in memory and the older ones in a file of
 * their own (see {@link createSpillPages}).
 */
export interface SpillPages {
  /** Copies the entry's bytes into `into` (at least `entryBytes` long). */
  read(entry: number, into: Buffer): void;
  /** Stores `from`'s first `entryBytes` bytes as the entry's: an entry that exists, or the next one (`count`). */
  write(entry: number, from: Buffer): void;
  /** Entries written. */
  readonly count: number;
  /** Bytes held in memory. */
  readonly residentBytes: number;
  /** Bytes moved to the file. */
  readonly spilledBytes: number;
  /** Reads from the file so far (one per block of entries not already in the held block). */
  readonly fileReads: number;
  /** Writes of spilled entries to the file so far (one per changed block, when another block is taken). */
  readonly fileWrites: number;
  /** Closes the file (the pages in it are gone: only once the entries are no longer needed). */
  close(): void;
}

export interface SpillPagesOptions {
  /** Entries per page. */
  readonly pageEntries: number;
  /** Pages kept in memory; the older ones go to the file. */
  readonly residentPages: number;
  /**
   * Folders to make the file in, tried in order; when none takes it, every page stays in memory, as
   * if there were no limit.
   */
  readonly dirs: readonly string[];
}

/**
 * Bytes of the file held at a time: a resume and a fold take entries in the order they were added, so
 * one block answers the next ones; any other order costs one system call an entry, as without it.
 */
const BLOCK_BYTES = 4096;

/**
 * Entries of `entryBytes` in pages; past `residentPages` the oldest goes to an unlinked file in the
 * first of `dirs` that takes it and is then read and written in place, a block at a time, from the OS
 * page cache. A million-row ledger's ~56 MB of values were most of a resume's peak growth from 10^5 to
 * 10^6 rows (docs/report-format.md#what-is-held-in-memory). No file possible: kept in memory.
 */
export function createSpillPages(entryBytes: number, options: SpillPagesOptions): SpillPages {
  const pageBytes = entryBytes * options.pageEntries;
  /** Resident pages by page number; the pages below `firstResident` are in the file. */
  const resident: Buffer[] = [];
  let firstResident = 0;
  let count = 0;
  let fd: number | undefined;
  /** True once making the file failed: every page then stays in memory. */
  let inMemory = false;
  let closed = false;
  /** The block held: entries `blockFirst` to `blockFirst + blockCount - 1`, changed since read when `blockDirty`. */
  const blockEntries = Math.max(1, Math.floor(BLOCK_BYTES / entryBytes));
  const block = Buffer.alloc(blockEntries * entryBytes);
  let blockFirst = 0;
  let blockCount = 0;
  let blockDirty = false;
  let fileReads = 0;
  let fileWrites = 0;

  const pageOf = (entry: number): number => Math.floor(entry / options.pageEntries);
  const offsetOf = (entry: number): number => (entry % options.pageEntries) * entryBytes;

  function writeAll(buffer: Buffer, position: number): void {
    let done = 0;
    while (done < buffer.length) done += writeSync(fd!, buffer, done, buffer.length - done, position + done);
  }

  function readAll(into: Buffer, length: number, position: number): void {
    let done = 0;
    while (done < length) {
      const n = readSync(fd!, into, done, length - done, position + done);
      if (n === 0) throw new Error(`the spill file ended at ${position + done} bytes`);
      done += n;
    }
  }

  /** The place of a spilled entry in the block, which is made the entry's block (the one held written back first). */
  function holdBlockOf(entry: number): number {
    if (entry < blockFirst || entry >= blockFirst + blockCount) {
      if (blockDirty) {
        writeAll(block.subarray(0, blockCount * entryBytes), blockFirst * entryBytes);
        fileWrites += 1;
        blockDirty = false;
      }
      // A file position is the entry's number times its size: the pages were written whole, in order.
      blockFirst = entry - (entry % blockEntries);
      blockCount = Math.min(blockEntries, firstResident * options.pageEntries - blockFirst);
      readAll(block, blockCount * entryBytes, blockFirst * entryBytes);
      fileReads += 1;
    }
    return (entry - blockFirst) * entryBytes;
  }

  /** Makes room for page `page` (the next one): the oldest resident page goes to the file. */
  function addPage(): void {
    if (!inMemory && resident.length >= options.residentPages) {
      fd ??= openUnlinked(options.dirs);
      if (fd === undefined) inMemory = true;
      else {
        const oldest = resident.shift()!;
        writeAll(oldest, firstResident * pageBytes);
        firstResident += 1;
        oldest.fill(0);
        resident.push(oldest);
        return;
      }
    }
    resident.push(Buffer.alloc(pageBytes));
  }

  return {
    read(entry, into) {
      if (closed) throw new Error('the spill pages are closed');
      if (entry < 0 || entry >= count) throw new RangeError(`no entry ${entry} (there are ${count})`);
      const page = pageOf(entry);
      if (page >= firstResident) resident[page - firstResident]!.copy(into, 0, offsetOf(entry), offsetOf(entry) + entryBytes);
      else {
        const at = holdBlockOf(entry);
        block.copy(into, 0, at, at + entryBytes);
      }
    },
    write(entry, from) {
      if (closed) throw new Error('the spill pages are closed');
      if (entry < 0 || entry > count) throw new RangeError(`no entry ${entry} to write (there are ${count})`);
      const page = pageOf(entry);
      if (entry === count) {
        if (page - firstResident === resident.length) addPage();
        count += 1;
      }
      if (page >= firstResident) from.copy(resident[page - firstResident]!, offsetOf(entry), 0, entryBytes);
      else {
        from.copy(block, holdBlockOf(entry), 0, entryBytes);
        blockDirty = true;
      }
    },
    get count() {
      return count;
    },
    get residentBytes() {
      return resident.length * pageBytes;
    },
    get spilledBytes() {
      return firstResident * pageBytes;
    },
    get fileReads() {
      return fileReads;
    },
    get fileWrites() {
      return fileWrites;
    },
    close() {
      if (closed) return;
      closed = true;
      resident.length = 0;
      if (fd !== undefined) closeSync(fd);
    },
  };
}
