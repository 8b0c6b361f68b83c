import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import type { Readable } from 'node:stream';
import type { ZipEntry } from './read-zip-directory.js';

/**
 * Finds the zip entry that holds one sheet's XML, through the workbook's sheet list and its
 * relationships (falling back to `worksheets/sheetN.xml` by workbook order), for the passes over the
 * sheet XML that exceljs' stream reader cannot do.
 * @param sheetNames sheet names in workbook order.
 */
export async function findXlsxSheetEntry(
  file: string,
  entries: readonly ZipEntry[],
  sheetNames: readonly string[],
  sheetName: string,
): Promise<ZipEntry | undefined> {
  const byName = new Map(entries.map((e) => [e.name, e] as const));
  const workbook = await readSmall(file, byName.get('xl/workbook.xml'));
  const rels = await readSmall(file, byName.get('xl/_rels/workbook.xml.rels'));
  const sheetTag = [...workbook.matchAll(/<sheet\b[^>]*>/g)].map((m) => m[0]).find((tag) => attr(tag, 'name') === xmlEscape(sheetName));
  const relId = sheetTag && (attr(sheetTag, 'r:id') ?? undefined);
  const relTag = relId ? [...rels.matchAll(/<Relationship\b[^>]*>/g)].map((m) => m[0]).find((tag) => attr(tag, 'Id') === relId) : undefined;
  const target = relTag ? attr(relTag, 'Target') : `worksheets/sheet${sheetNames.indexOf(sheetName) + 1}.xml`;
  if (!target) return undefined;
  return byName.get(target.startsWith('/') ? target.slice(1) : `xl/${target}`);
}

/** The inflated bytes of one zip entry, read from its local header on. */
export async function inflateZipEntry(file: string, entry: ZipEntry): Promise<Readable> {
  const handle = await open(file, 'r');
  const local = Buffer.alloc(30);
  try {
    await handle.read(local, 0, 30, entry.localHeaderOffset);
  } finally {
    await handle.close();
  }
  const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const raw = createReadStream(file, { start, end: start + Math.max(entry.compressedSize, 1) - 1 });
  if (entry.method === 0) return raw;
  const inflate = createInflateRaw();
  raw.on('error', (error) => inflate.destroy(error));
  inflate.on('close', () => raw.destroy());
  return raw.pipe(inflate);
}

/** An XML attribute's raw value in one tag. */
export function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name.replace(':', '\\:')}="([^"]*)"`).exec(tag);
  return m?.[1];
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

async function readSmall(file: string, entry: ZipEntry | undefined): Promise<string> {
  if (!entry || entry.uncompressedSize > 16 * 1024 * 1024) return '';
  const parts: Buffer[] = [];
  for await (const chunk of (await inflateZipEntry(file, entry)) as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}
