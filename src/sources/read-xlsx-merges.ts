import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import type { Readable } from 'node:stream';
import type { ZipEntry } from './read-zip-directory.js';
import type { MergeRange } from './raw-row.js';
import type { WorkbookLimits } from './check-workbook-file.js';

/**
 * Reads the merged ranges of one xlsx sheet. exceljs' stream reader drops them, and they sit after
 * the cell data in the sheet XML, so this is a second pass over the sheet's zip entry (inflated as a
 * stream, bytes counted against the limit). Used only for multi-row headers.
 * @param sheetNames sheet names in workbook order, to find the sheet's entry.
 */
export async function readXlsxMerges(
  file: string,
  entries: readonly ZipEntry[],
  sheetNames: readonly string[],
  sheetName: string,
  limits: WorkbookLimits,
): Promise<MergeRange[]> {
  const byName = new Map(entries.map((e) => [e.name, e] as const));
  const workbook = await readSmall(file, byName.get('xl/workbook.xml'));
  const rels = await readSmall(file, byName.get('xl/_rels/workbook.xml.rels'));
  const sheetTag = [...workbook.matchAll(/<sheet\b[^>]*>/g)].map((m) => m[0]).find((tag) => attr(tag, 'name') === xmlEscape(sheetName));
  const relId = sheetTag && (attr(sheetTag, 'r:id') ?? undefined);
  const relTag = relId ? [...rels.matchAll(/<Relationship\b[^>]*>/g)].map((m) => m[0]).find((tag) => attr(tag, 'Id') === relId) : undefined;
  const target = relTag ? attr(relTag, 'Target') : `worksheets/sheet${sheetNames.indexOf(sheetName) + 1}.xml`;
  if (!target) return [];
  const entryName = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const entry = byName.get(entryName);
  if (!entry) return [];
  const merges: MergeRange[] = [];
  let carry = '';
  let total = 0;
  const stream = await entryStream(file, entry);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limits.maxSheetBytes) break;
      const text = carry + chunk.toString('latin1');
      for (const m of text.matchAll(/<mergeCell\b[^>]*\bref="([A-Z]+)(\d+):([A-Z]+)(\d+)"/g)) {
        merges.push({ left: columnIndex(m[1]!), top: Number(m[2]) - 1, right: columnIndex(m[3]!), bottom: Number(m[4]) - 1 });
      }
      const cut = text.lastIndexOf('<');
      carry = cut >= 0 && text.length - cut < 200 ? text.slice(cut) : '';
    }
  } finally {
    stream.destroy();
  }
  return merges;
}

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name.replace(':', '\\:')}="([^"]*)"`).exec(tag);
  return m?.[1];
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

async function readSmall(file: string, entry: ZipEntry | undefined): Promise<string> {
  if (!entry || entry.uncompressedSize > 16 * 1024 * 1024) return '';
  const parts: Buffer[] = [];
  for await (const chunk of (await entryStream(file, entry)) as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

/** The inflated bytes of one zip entry, read from its local header on. */
async function entryStream(file: string, entry: ZipEntry): Promise<Readable> {
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
