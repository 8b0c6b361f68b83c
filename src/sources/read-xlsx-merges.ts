import type { ZipEntry } from './read-zip-directory.js';
import type { MergeRange } from './raw-row.js';
import type { WorkbookLimits } from './check-workbook-file.js';
import { scanSheetXml } from './scan-sheet-xml.js';

/**
 * Reads the merged ranges of one xlsx sheet. They sit after the cell data in the sheet XML, and a
 * multi-row header needs them before its first row is read, so this is a second pass over the
 * sheet's zip entry, used only for multi-row headers.
 */
export async function readXlsxMerges(file: string, entry: ZipEntry, limits: WorkbookLimits): Promise<MergeRange[]> {
  const merges: MergeRange[] = [];
  await scanSheetXml(file, entry, limits, (text) => {
    for (const m of text.matchAll(/<mergeCell\b[^>]*\bref="([A-Z]+)(\d+):([A-Z]+)(\d+)"/g)) {
      merges.push({ left: columnIndex(m[1]!), top: Number(m[2]) - 1, right: columnIndex(m[3]!), bottom: Number(m[4]) - 1 });
    }
    // Keep a short unfinished tag for the next chunk; a whole <mergeCell .../> is under 200 characters.
    const cut = text.lastIndexOf('<');
    return cut >= 0 && text.length - cut < 200 ? cut : text.length;
  });
  return merges;
}

function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}
