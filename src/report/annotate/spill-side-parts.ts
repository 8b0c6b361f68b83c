import { closeSync, readSync, writeSync } from 'node:fs';
import { PassThrough, pipeline, Readable } from 'node:stream';
import { openUnlinked } from '../../util/open-unlinked.js';

/** What exceljs' streaming workbook writer (4.4.0) is to this file: where it opens each part of its zip. */
interface PartsWriter {
  _openStream(name: string): unknown;
  readonly zip: {
    append(source: Readable, data: { name: string }): unknown;
    on(event: 'error', listener: (error: Error) => void): unknown;
  };
}

/**
 * The parts exceljs writes while their sheet is still being written: the notes (comments and their
 * VML shapes) and the relationships (one per link). The zip takes its parts one after the other, so
 * these waited in memory until the sheet was done: some 850 bytes a note.
 */
const SIDE_PARTS = /(?:comments\d+\.xml|vmlDrawing\d+\.vml|_rels\/sheet\d+\.xml\.rels)$/;

/** Text gathered before one write to the file. */
const WRITE_BYTES = 64 * 1024;

/** The side parts of a streamed workbook, held in files until the zip takes them. */
export interface SideParts {
  /**
   * Rejects with the first error of a part handed to the zip (never resolves otherwise): race the
   * workbook's end with it once, as the zip then never ends.
   */
  readonly failed: Promise<never>;
  /** Throws that error, if one came: each row checks, so the copy stops at once. */
  check(): void;
  /** Closes the files of parts the zip never took (a copy given up). */
  close(): void;
}

/**
 * Makes exceljs' `WorkbookWriter` (before any sheet) write its side parts to an unlinked file in the
 * first of `dirs` that takes one, so notes and links cost no memory; without one, held in memory.
 */
export function spillSideParts(book: unknown, dirs: readonly string[]): SideParts {
  const writer = book as PartsWriter;
  const openPart = writer._openStream.bind(writer);
  const open = new Set<number>();
  let first: { error: Error } | undefined;
  let reject: (error: Error) => void = () => {};
  const failed = new Promise<never>((_resolve, fail) => {
    reject = fail;
  });
  // Never unhandled: a copy given up for another error may leave a part's error unheard.
  failed.catch(() => {});
  const fail = (error: Error): void => {
    first ??= { error };
    reject(error);
  };
  writer.zip.on('error', (error) => fail(error));
  writer._openStream = (name: string): unknown => {
    if (!SIDE_PARTS.test(name)) return openPart(name);
    const source = new PassThrough();
    writer.zip.append(source, { name });
    return spilledPart(openUnlinked(dirs), source, open, (error) => fail(error));
  };
  return {
    failed,
    check() {
      if (first !== undefined) throw first.error;
    },
    close() {
      for (const fd of open) closeSync(fd);
      open.clear();
    },
  };
}

/** One side part: `write` and `end`, all exceljs calls on it. */
function spilledPart(
  file: number | undefined,
  source: PassThrough,
  open: Set<number>,
  fail: (error: Error) => void,
): { write(data: string | Buffer): boolean; end(): void } {
  let fd = file;
  if (fd !== undefined) open.add(fd);
  // Once the file fails a write it takes no more, so the part reads back in order: the file, then memory.
  let writable = fd !== undefined;
  let written = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const held: Buffer[] = [];
  const flush = (): void => {
    if (pendingBytes === 0) return;
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    if (fd !== undefined && writable) {
      try {
        for (let at = 0; at < data.length;) at += writeSync(fd, data, at, data.length - at, written + at);
        written += data.length;
        return;
      } catch {
        // The file takes no more (a full disk): what it holds stays, the rest is held here.
        writable = false;
      }
    }
    held.push(data);
  };
  return {
    write(data) {
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes >= WRITE_BYTES) flush();
      return true;
    },
    end() {
      flush();
      const from = fd;
      fd = undefined;
      pipeline(Readable.from(readBack(from, written, held, open)), source, (error) => {
        if (error) fail(error);
      });
    },
  };
}

/** The part's bytes: the file's, read in blocks (then closed), and those held in memory. */
function* readBack(fd: number | undefined, bytes: number, held: readonly Buffer[], open: Set<number>): Generator<Buffer> {
  if (fd !== undefined) {
    try {
      for (let at = 0; at < bytes;) {
        const block = Buffer.allocUnsafe(Math.min(WRITE_BYTES, bytes - at));
        const read = readSync(fd, block, 0, block.length, at);
        if (read === 0) throw new Error('internal: a side part of the annotated copy ended early');
        at += read;
        yield block.subarray(0, read);
      }
    } finally {
      // Not when `close` closed it already: its number may be another file's by now.
      if (open.delete(fd)) closeSync(fd);
    }
  }
  yield* held;
}
