import type { ZipEntry } from './read-zip-directory.js';
import type { MergeRange } from './raw-row.js';
import type { WorkbookLimits } from './check-workbook-file.js';
import { findXlsxSheetEntry, inflateZipEntry } from './find-xlsx-sheet-entry.js';

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
  const entry = await findXlsxSheetEntry(file, entries, sheetNames, sheetName);
  if (!entry) return [];
  const merges: MergeRange[] = [];
  let carry = '';
  let total = 0;
  const stream = await inflateZipEntry(file, entry);
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

function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}
