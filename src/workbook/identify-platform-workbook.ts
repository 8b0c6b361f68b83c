import type { XlsxBook } from '../sources/open-xlsx.js';
import { openFirstSheet } from './open-workbook-sheet.js';
import { META_SHEET_NAMES } from './platform-layout.js';
import { parseTemplateIdCell } from './workbook-meta.js';

/** What the meta sheet says before the template is known: is this the platform's workbook, for which template. */
export interface WorkbookIdentity {
  readonly metaSheet: string;
  readonly tid: number | undefined;
  /** The template version the workbook was made for, when we wrote it. */
  readonly pubDate: string | undefined;
}

/**
 * Reads the header of the meta sheet (either name) and its template-id cell. Undefined when the
 * workbook has no meta sheet: it is not the platform's structured workbook.
 */
export async function identifyPlatformWorkbook(book: XlsxBook): Promise<WorkbookIdentity | undefined> {
  const meta = await openFirstSheet(book, META_SHEET_NAMES);
  if (meta === undefined) return undefined;
  try {
    for (const name of meta.header.names) {
      const id = parseTemplateIdCell(name);
      if (id !== undefined) return { metaSheet: meta.header.sheet ?? META_SHEET_NAMES[0], tid: id.tid, pubDate: id.pubDate };
    }
    return { metaSheet: meta.header.sheet ?? META_SHEET_NAMES[0], tid: undefined, pubDate: undefined };
  } finally {
    await meta.close();
  }
}
