import type { FileHandle } from 'node:fs/promises';

/** One entry of a zip's central directory, as declared there. */
export interface ZipEntry {
  readonly name: string;
  /** General-purpose flags: bit 0 encrypted, bit 3 sizes in a trailing data descriptor, bit 11 UTF-8 name. */
  readonly flags: number;
  readonly method: number;
  readonly crc32: number;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
  readonly localHeaderOffset: number;
}

/** Why a zip directory could not be read. */
export type ZipDirectoryResult =
  { readonly ok: true; readonly entries: readonly ZipEntry[] } | { readonly ok: false; readonly reason: string };

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65,535 bytes. */
const EOCD_SEARCH = 22 + 0xffff;

/**
 * Reads a zip file's central directory (at its end) without inflating anything, so sizes can be
 * checked before any entry is read. A missing end record means a truncated or non-zip file.
 */
export async function readZipDirectory(handle: FileHandle, fileSize: number): Promise<ZipDirectoryResult> {
  const tailLength = Math.min(fileSize, EOCD_SEARCH);
  const tail = Buffer.alloc(tailLength);
  await handle.read(tail, 0, tailLength, fileSize - tailLength);
  let eocd = -1;
  for (let i = tailLength - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return { ok: false, reason: 'the zip end record is missing (the file is truncated or not a workbook)' };
  const count = tail.readUInt16LE(eocd + 10);
  const size = tail.readUInt32LE(eocd + 12);
  const offset = tail.readUInt32LE(eocd + 16);
  if (offset + size > fileSize) return { ok: false, reason: 'the zip directory points past the end of the file (truncated)' };
  const dir = Buffer.alloc(size);
  await handle.read(dir, 0, size, offset);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > size || dir.readUInt32LE(p) !== CENTRAL_SIGNATURE) return { ok: false, reason: 'the zip directory is damaged' };
    const nameLength = dir.readUInt16LE(p + 28);
    const extraLength = dir.readUInt16LE(p + 30);
    const commentLength = dir.readUInt16LE(p + 32);
    const entry: ZipEntry = {
      flags: dir.readUInt16LE(p + 8),
      method: dir.readUInt16LE(p + 10),
      crc32: dir.readUInt32LE(p + 16),
      compressedSize: dir.readUInt32LE(p + 20),
      uncompressedSize: dir.readUInt32LE(p + 24),
      localHeaderOffset: dir.readUInt32LE(p + 42),
      name: dir.toString('utf8', p + 46, p + 46 + nameLength),
    };
    if (entry.localHeaderOffset + entry.compressedSize > fileSize) {
      return { ok: false, reason: `zip entry ${entry.name} extends past the end of the file (truncated)` };
    }
    entries.push(entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return { ok: true, entries };
}
