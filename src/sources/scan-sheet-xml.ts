import type { ZipEntry } from './read-zip-directory.js';
import type { WorkbookLimits } from './check-workbook-file.js';
import { findXlsxSheetEntry, inflateZipEntry } from './find-xlsx-sheet-entry.js';

/**
 * A second pass over one xlsx sheet's XML, for what exceljs' stream reader drops (merge ranges, the
 * text of cached formula errors). The entry is inflated as a stream with its bytes counted against the
 * sheet limit; text is decoded as latin1 (the markup scanned for is ASCII). `scan` sees the text carried
 * over from the previous chunk plus the new chunk, and returns how much of it is done with: the rest is
 * carried into the next call, so an element cut by a chunk boundary is seen whole. A sheet without an
 * entry is not scanned.
 * @param sheetNames sheet names in workbook order, to find the sheet's entry.
 */
export async function scanSheetXml(
  file: string,
  entries: readonly ZipEntry[],
  sheetNames: readonly string[],
  sheetName: string,
  limits: WorkbookLimits,
  scan: (text: string) => number,
): Promise<void> {
  const entry = await findXlsxSheetEntry(file, entries, sheetNames, sheetName);
  if (!entry) return;
  let carry = '';
  let total = 0;
  const stream = await inflateZipEntry(file, entry);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limits.maxSheetBytes) break;
      const text = carry + chunk.toString('latin1');
      carry = text.slice(scan(text));
    }
  } finally {
    stream.destroy();
  }
}
