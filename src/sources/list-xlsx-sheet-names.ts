import { attr, inflateZipEntry } from './find-xlsx-sheet-entry.js';
import type { VerifiedZipEntry } from './verify-zip-entry.js';

/** The workbook part listing the sheets; read only when checked and small. */
const WORKBOOK_PART = 'xl/workbook.xml';
const MAX_WORKBOOK_PART = 16 * 1024 * 1024;

function xmlText(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e] ?? '');
}

/** The sheet names of a checked workbook, in workbook order (none when its sheet list is missing or too large). */
export async function listXlsxSheetNames(file: string, entries: readonly VerifiedZipEntry[]): Promise<string[]> {
  const entry = entries.find((e) => e.name === WORKBOOK_PART);
  if (entry === undefined || entry.uncompressedSize > MAX_WORKBOOK_PART) return [];
  const parts: Buffer[] = [];
  for await (const chunk of (await inflateZipEntry(file, entry)) as AsyncIterable<Buffer>) parts.push(chunk);
  const xml = Buffer.concat(parts).toString('utf8');
  return [...xml.matchAll(/<sheet\b[^>]*>/g)]
    .map((m) => attr(m[0], 'name'))
    .filter((n): n is string => n !== undefined)
    .map(xmlText);
}
