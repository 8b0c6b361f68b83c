import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { VerifiedZipEntry } from './verify-zip-entry.js';

/** A part written into the stream: one of the file's checked entries, or a small part of our own. */
type Part = { readonly entry: VerifiedZipEntry } | { readonly name: string; readonly bytes: Buffer };

const SHARED_STRINGS = 'xl/sharedStrings.xml';

/**
 * The workbook parts that exceljs' stream reader must meet before any sheet: a sheet it meets first is
 * written to a temporary file and read back after the whole zip, which costs a disk copy of the sheet,
 * delays the first row to the end of the file and leaves files in the temp folder behind a crash.
 */
const FIRST = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', SHARED_STRINGS, 'xl/styles.xml'];

/** An empty shared-strings table, for workbooks that hold every text inline (no such part). */
const EMPTY_SHARED_STRINGS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
  'utf8',
);

function rank(name: string): number {
  const index = FIRST.indexOf(name);
  return index < 0 ? FIRST.length : index;
}

/** The parts in the order the reader wants them: the workbook's own first, then the rest in file order. */
function orderedParts(entries: readonly VerifiedZipEntry[]): Part[] {
  const parts: Part[] = [...entries]
    .sort((a, b) => rank(a.name) - rank(b.name) || a.localHeaderOffset - b.localHeaderOffset)
    .map((entry) => ({ entry }));
  if (!entries.some((entry) => entry.name === SHARED_STRINGS)) {
    const at = parts.findIndex((part) => 'entry' in part && rank(part.entry.name) > FIRST.indexOf(SHARED_STRINGS));
    parts.splice(at < 0 ? parts.length : at, 0, { name: SHARED_STRINGS, bytes: EMPTY_SHARED_STRINGS });
  }
  return parts;
}

function localHeader(name: Buffer, method: number, crc: number, compressedSize: number, uncompressedSize: number): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  // Keep only the UTF-8 name flag: the sizes are in this header, so no data descriptor follows.
  header.writeUInt16LE(0x0800, 6);
  header.writeUInt16LE(method, 8);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(compressedSize, 18);
  header.writeUInt32LE(uncompressedSize, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

/**
 * A zip stream holding only `entries`, each behind a fresh local header that states its sizes (no data
 * descriptor), their bytes copied from `file`. A streaming zip reader walks local headers, not the
 * directory; fed this, it meets exactly the entries that were checked, with the sizes that were
 * counted, and nothing hidden between or inside them. The workbook's own parts come first (see
 * {@link FIRST}), with an empty shared-strings table when the workbook has none, so every sheet is
 * parsed as it streams in and nothing is written to disk.
 */
export function zipPartsStream(file: string, entries: readonly VerifiedZipEntry[]): Readable {
  async function* parts(): AsyncGenerator<Buffer> {
    for (const part of orderedParts(entries)) {
      if ('bytes' in part) {
        // Stored (method 0): the bytes are the part as they are.
        yield localHeader(Buffer.from(part.name, 'utf8'), 0, crc32(part.bytes), part.bytes.length, part.bytes.length);
        yield part.bytes;
        continue;
      }
      const { entry } = part;
      yield localHeader(Buffer.from(entry.name, 'utf8'), entry.method, entry.crc32, entry.compressedSize, entry.uncompressedSize);
      if (entry.compressedSize === 0) continue;
      yield* createReadStream(file, { start: entry.dataOffset, end: entry.dataOffset + entry.compressedSize - 1 }) as AsyncIterable<Buffer>;
    }
    // An empty end-of-directory record: the reader stops here.
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    yield end;
  }
  return Readable.from(parts(), { objectMode: false });
}
