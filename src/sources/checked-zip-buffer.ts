import { open } from 'node:fs/promises';
import type { VerifiedZipEntry } from './verify-zip-entry.js';

/**
 * A zip in memory of only the checked `entries`, its central directory written from what was counted,
 * for exceljs' in-memory reader: JSZip trusts the directory, which a hostile file could falsify.
 */
export async function checkedZipBuffer(file: string, entries: readonly VerifiedZipEntry[]): Promise<Buffer> {
  const handle = await open(file, 'r');
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  try {
    for (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8');
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(0x0800, 6);
      local.writeUInt16LE(entry.method, 8);
      local.writeUInt32LE(entry.crc32 >>> 0, 14);
      local.writeUInt32LE(entry.compressedSize, 18);
      local.writeUInt32LE(entry.uncompressedSize, 22);
      local.writeUInt16LE(name.length, 26);
      const data = Buffer.alloc(entry.compressedSize);
      if (entry.compressedSize > 0) await handle.read(data, 0, entry.compressedSize, entry.dataOffset);
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(0x0800, 8);
      record.writeUInt16LE(entry.method, 10);
      record.writeUInt32LE(entry.crc32 >>> 0, 16);
      record.writeUInt32LE(entry.compressedSize, 20);
      record.writeUInt32LE(entry.uncompressedSize, 24);
      record.writeUInt16LE(name.length, 28);
      record.writeUInt32LE(offset, 42);
      central.push(record, name);
      chunks.push(local, name, data);
      offset += local.length + name.length + data.length;
    }
  } finally {
    await handle.close();
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}
