import type { XlsxBook } from '../sources/open-xlsx.js';
import { ELEMENT_INDEX, stripUnitSuffix, type LayoutColumn, type PlatformLayout } from './platform-layout.js';
import type { FedSheet } from './joined-workbook-mapping.js';
import { openWorkbookSheet } from './open-workbook-sheet.js';
import type { AddJoinedColumn } from './read-meta-sheet.js';
import { isDataIdHeader } from './workbook-cells.js';

/** Numbered sheets looked for past the ones the current template has (a field removed since). */
const EXTRA_SHEETS = 20;

/** A column of the joined table. */
export interface JoinedColumn {
  readonly name: string;
  readonly sheet: string;
  /** Index in its sheet's header. */
  readonly index: number;
  readonly letter: string;
}

/** One numbered data sheet as its header reads: which joined column each of its columns feeds. */
export interface ReadSheet extends FedSheet {
  readonly name: string;
  /** Sheet column index → joined column index. */
  readonly feeds: Map<number, number>;
  readonly idIndex: number;
}

/** The numbered sheets of a workbook, their headers matched to the current layout. */
export interface DataSheets {
  /** Sheet `1`; undefined when the workbook has none. */
  readonly root: ReadSheet | undefined;
  /** The numbered sheets after the root, in number order. */
  readonly sheets: readonly ReadSheet[];
  /** The layout's columns some sheet has. */
  readonly matched: ReadonlySet<LayoutColumn>;
  /** Workbook columns the current template has no field for, as `sheet!header`. */
  readonly unknownColumns: readonly string[];
}

/**
 * Reads each numbered sheet's header and matches it to the current layout by text, unit suffix
 * stripped (docs/platform-workbook.md#how-it-is-read, step 2); each matched column once.
 */
export async function readDataSheets(
  book: XlsxBook,
  layout: PlatformLayout,
  catalogPaths: ReadonlyMap<string, string>,
  addColumn: AddJoinedColumn,
): Promise<DataSheets> {
  const sheets: ReadSheet[] = [];
  const unknownColumns: string[] = [];
  let root: ReadSheet | undefined;
  const matched = new Set<LayoutColumn>();
  for (let n = 1; n <= layout.sheets.length + EXTRA_SHEETS; n++) {
    const name = String(n);
    const table = await openWorkbookSheet(book, name);
    if (table === undefined) continue;
    const byPath = catalogPaths.get(name);
    const sheetLayout =
      n === 1
        ? layout.sheets[0]
        : byPath !== undefined
          ? layout.sheets.find((s) => s.kind !== 'root' && s.fieldNames.join('.') === byPath)
          : layout.sheets.find((s) => s.name === name);
    const feeds = new Map<number, number>();
    const header = table.header;
    let idIndex = -1;
    header.names.forEach((h, i) => {
      const text = h.trim();
      if (text === '') return;
      if (isDataIdHeader(text)) {
        if (idIndex < 0) idIndex = i;
        return;
      }
      if (text === ELEMENT_INDEX || /^(Item Index|数据项序号)$/.test(text)) return;
      const { path } = stripUnitSuffix(text);
      const col = sheetLayout?.columns.find((c) => c.path === path || (c.path === '元素' && /^(Items|数据项)$/.test(path)));
      if (col === undefined || matched.has(col)) {
        unknownColumns.push(`${name}!${header.columns[i] ?? ''}1 "${text}"`);
        return;
      }
      matched.add(col);
      feeds.set(i, addColumn(text, name, i, header.columns[i] ?? '').at);
    });
    const read: ReadSheet = { name, layout: sheetLayout, header, feeds, idIndex };
    // Every sheet is read again with the rows; only its header is needed now.
    await table.close();
    if (n === 1) root = read;
    else sheets.push(read);
  }
  return { root, sheets, matched, unknownColumns };
}
