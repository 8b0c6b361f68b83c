import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { VerifiedZipEntry } from './verify-zip-entry.js';

/**
 * A zip stream holding only `entries`, in file order, each behind a fresh local header that states
 * its sizes (no data descriptor), their bytes copied from `file`. A streaming zip reader walks local
 * headers, not the directory; fed this, it meets exactly the entries that were checked, with the sizes
 * that were counted, and nothing hidden between or inside them.
 */
export function zipPartsStream(file: string, entries: readonly VerifiedZipEntry[]): Readable {
  const ordered = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  async function* parts(): AsyncGenerator<Buffer> {
    for (const entry of ordered) {
      const name = Buffer.from(entry.name, 'utf8');
      const header = Buffer.alloc(30);
      header.writeUInt32LE(0x04034b50, 0);
      header.writeUInt16LE(20, 4);
      // Keep only the UTF-8 name flag: the sizes are in this header, so no data descriptor follows.
      header.writeUInt16LE(0x0800, 6);
      header.writeUInt16LE(entry.method, 8);
      header.writeUInt32LE(entry.crc32, 14);
      header.writeUInt32LE(entry.compressedSize, 18);
      header.writeUInt32LE(entry.uncompressedSize, 22);
      header.writeUInt16LE(name.length, 26);
      yield Buffer.concat([header, name]);
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
