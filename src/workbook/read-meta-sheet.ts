import { META_SHEET_NAMES } from './platform-layout.js';
import { META_COLUMNS, type MetaColumnKey } from './workbook-meta.js';
import type { WorkbookIdentity } from './identify-platform-workbook.js';
import type { XlsxBook } from '../sources/open-xlsx.js';
import { openFirstSheet } from './open-workbook-sheet.js';
import { isDataIdHeader } from './workbook-cells.js';

/** Adds a column to the joined table; gives its index there and the name it got (unique in the table). */
export type AddJoinedColumn = (
  header: string,
  sheet: string,
  index: number,
  letter: string,
) => { readonly at: number; readonly name: string };

/** The platform workbook's meta sheet: its columns in the joined table; its rows are read with the root's. */
export interface MetaSheet {
  /** The sheet's name as found (the identity's, or one of the platform's names for it). */
  readonly sheet: string;
  /** Sheet column index → joined column index. */
  readonly feeds: ReadonlyMap<number, number>;
  /** The meta key each joined meta column fills, by the column's name in the joined table. */
  readonly keys: readonly (readonly [MetaColumnKey, string])[];
  /** The `数据ID` column's index; -1 without a meta sheet (no rows to read). */
  readonly idIndex: number;
}

/**
 * Reads the meta sheet of a platform workbook: each header the platform writes there (or one of its
 * aliases) becomes a column of the joined table, once; other headers are left out. A workbook
 * without a meta sheet gives none of either. Only the header is read here.
 */
export async function readMetaSheet(book: XlsxBook, identity: WorkbookIdentity, addColumn: AddJoinedColumn): Promise<MetaSheet> {
  const meta = await openFirstSheet(book, [identity.metaSheet, ...META_SHEET_NAMES]);
  const feeds = new Map<number, number>();
  const keys: [MetaColumnKey, string][] = [];
  if (meta === undefined) return { sheet: identity.metaSheet, feeds, keys, idIndex: -1 };
  const sheet = meta.header.sheet ?? identity.metaSheet;
  meta.header.names.forEach((h, i) => {
    const text = h.trim();
    const col = META_COLUMNS.find((c) => c.header === text || c.aliases.includes(text));
    if (col === undefined || keys.some(([k]) => k === col.key)) return;
    const { at, name } = addColumn(text, sheet, i, meta.header.columns[i] ?? '');
    feeds.set(i, at);
    keys.push([col.key, name]);
  });
  const idIndex = meta.header.names.findIndex((h) => isDataIdHeader(h.trim()));
  await meta.close();
  return { sheet, feeds, keys, idIndex: idIndex < 0 ? 0 : idIndex };
}
