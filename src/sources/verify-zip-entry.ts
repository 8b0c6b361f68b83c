import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import type { ZipEntry } from './read-zip-directory.js';

/** A zip entry whose local header agrees with the directory and whose bytes inflate to the size declared. */
export interface VerifiedZipEntry extends ZipEntry {
  /** Where the entry's (compressed) bytes start in the file. */
  readonly dataOffset: number;
}

/** Why an entry failed {@link verifyZipEntry}: `larger` is a zip bomb's lie, the rest damage. */
export type ZipEntryProblem =
  | { readonly kind: 'larger'; readonly declared: number }
  | { readonly kind: 'encrypted' }
  | { readonly kind: 'damaged'; readonly reason: string };

const LOCAL_SIGNATURE = 0x04034b50;
const DEFLATE = 8;
const STORED = 0;
const CHUNK = 256 * 1024;

/**
 * Checks one entry against the directory (same name, method, no encryption) and inflates it counting
 * bytes: a header under-reporting its size (a zip bomb) is stopped as soon as the count passes it.
 */
export async function verifyZipEntry(handle: FileHandle, file: string, entry: ZipEntry): Promise<VerifiedZipEntry | ZipEntryProblem> {
  if ((entry.flags & 0x01) !== 0) return { kind: 'encrypted' };
  if (entry.method !== STORED && entry.method !== DEFLATE)
    return { kind: 'damaged', reason: `${entry.name} uses compression method ${entry.method}` };
  const local = Buffer.alloc(30);
  const { bytesRead } = await handle.read(local, 0, 30, entry.localHeaderOffset);
  if (bytesRead < 30 || local.readUInt32LE(0) !== LOCAL_SIGNATURE)
    return { kind: 'damaged', reason: `no entry header where the directory places ${entry.name}` };
  const nameLength = local.readUInt16LE(26);
  const name = Buffer.alloc(nameLength);
  await handle.read(name, 0, nameLength, entry.localHeaderOffset + 30);
  if (name.toString('utf8') !== entry.name || local.readUInt16LE(8) !== entry.method) {
    return { kind: 'damaged', reason: `the entry header of ${entry.name} does not match the zip directory` };
  }
  const dataOffset = entry.localHeaderOffset + 30 + nameLength + local.readUInt16LE(28);
  const inflated = await countInflated(file, entry, dataOffset);
  if (typeof inflated === 'string') return { kind: 'damaged', reason: `${entry.name} cannot be inflated: ${inflated}` };
  if (inflated > entry.uncompressedSize) return { kind: 'larger', declared: entry.uncompressedSize };
  if (inflated < entry.uncompressedSize)
    return { kind: 'damaged', reason: `${entry.name} holds fewer bytes than its header declares (truncated)` };
  return { ...entry, dataOffset };
}

/** Inflates the entry's bytes, stopping one byte past its declared size; resolves the count or an error text. */
function countInflated(file: string, entry: ZipEntry, dataOffset: number): Promise<number | string> {
  if (entry.compressedSize === 0) return Promise.resolve(0);
  // Large chunks: with the default 16 KiB, the callbacks cost four times the inflating itself.
  const raw = createReadStream(file, { start: dataOffset, end: dataOffset + entry.compressedSize - 1, highWaterMark: CHUNK });
  const bytes = entry.method === STORED ? raw : raw.pipe(createInflateRaw({ chunkSize: CHUNK }));
  return new Promise((resolve) => {
    let count = 0;
    const stop = (result: number | string): void => {
      raw.destroy();
      bytes.destroy();
      resolve(result);
    };
    bytes.on('data', (chunk: Buffer) => {
      count += chunk.length;
      if (count > entry.uncompressedSize) stop(count);
    });
    bytes.on('end', () => stop(count));
    bytes.on('error', (error: Error) => stop(error.message));
    raw.on('error', (error: Error) => stop(error.message));
  });
}
