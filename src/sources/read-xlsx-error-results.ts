import type { ZipEntry } from './read-zip-directory.js';
import type { WorkbookLimits } from './check-workbook-file.js';
import { attr, findXlsxSheetEntry, inflateZipEntry } from './find-xlsx-sheet-entry.js';

/** Longest cell element kept across chunk boundaries (a formula holds at most 8,192 characters). */
const MAX_CELL_XML = 64 * 1024;

/**
 * Reads the cached error values of one xlsx sheet's error cells (`<c r="C2" t="e"><f>B3/0</f>
 * <v>#DIV/0!</v></c>`), keyed by cell reference. exceljs' stream reader parses a formula's cached
 * error with parseFloat and keeps only NaN, so the error text needs this second pass over the sheet
 * XML; it runs only when such a cell was met.
 * @param sheetNames sheet names in workbook order, to find the sheet's entry.
 */
export async function readXlsxErrorResults(
  file: string,
  entries: readonly ZipEntry[],
  sheetNames: readonly string[],
  sheetName: string,
  limits: WorkbookLimits,
): Promise<Map<string, string>> {
  const results = new Map<string, string>();
  const entry = await findXlsxSheetEntry(file, entries, sheetNames, sheetName);
  if (!entry) return results;
  let carry = '';
  let total = 0;
  const stream = await inflateZipEntry(file, entry);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limits.maxSheetBytes) break;
      const text = carry + chunk.toString('latin1');
      let end = 0;
      for (const m of text.matchAll(/<c\b([^>]*\bt="e"[^>]*)>(?:[^<]|<(?!v>|\/c>))*<v>([^<]*)<\/v>/g)) {
        const ref = attr(` ${m[1]!}`, 'r');
        if (ref !== undefined) results.set(ref, m[2]!);
        end = m.index + m[0].length;
      }
      carry = text.slice(Math.max(end, text.length - MAX_CELL_XML));
    }
  } finally {
    stream.destroy();
  }
  return results;
}
