import type { ZipEntry } from './read-zip-directory.js';
import type { WorkbookLimits } from './check-workbook-file.js';
import { inflateZipEntry } from './inflate-zip-entry.js';

/**
 * A second pass over one xlsx sheet's XML for what follows the cells (merge ranges), its bytes
 * counted against the sheet limit, latin1 text. `scan` returns how much it is done with; the rest is
 * carried over, so an element cut at a chunk boundary is seen whole.
 */
export async function scanSheetXml(file: string, entry: ZipEntry, limits: WorkbookLimits, scan: (text: string) => number): Promise<void> {
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
