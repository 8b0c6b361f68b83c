import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import { Readable } from 'node:stream';
import type { ZipEntry } from './read-zip-directory.js';

/** The inflated bytes of one zip entry, read from its local header on. */
export async function inflateZipEntry(file: string, entry: ZipEntry, chunkSize?: number): Promise<Readable> {
  const handle = await open(file, 'r');
  const local = Buffer.alloc(30);
  try {
    await handle.read(local, 0, 30, entry.localHeaderOffset);
  } finally {
    await handle.close();
  }
  if (entry.compressedSize === 0) return Readable.from([]);
  const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const raw = createReadStream(file, { start, end: start + entry.compressedSize - 1, highWaterMark: chunkSize });
  if (entry.method === 0) return raw;
  const inflate = createInflateRaw({ chunkSize });
  raw.on('error', (error) => inflate.destroy(error));
  inflate.on('close', () => raw.destroy());
  return raw.pipe(inflate);
}
