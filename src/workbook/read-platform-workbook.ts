import { openXlsxTable, type XlsxBook } from '../sources/open-xlsx.js';
import { SourceError } from '../sources/source-error.js';
import type { SourceHeader, TableSource } from '../sources/source-types.js';
import type { Template } from '../template/template-types.js';
import { DATA_ID, platformLayout, ROOT_SHEET } from './platform-layout.js';
import type { WorkbookIdentity } from './identify-platform-workbook.js';
import { openWorkbookSheet } from './open-workbook-sheet.js';
import type { WorkbookMetaFlags } from './workbook-meta-mapping.js';
import { joinedWorkbookMapping } from './joined-workbook-mapping.js';
import { readMetaSheet, type AddJoinedColumn } from './read-meta-sheet.js';
import { readCatalogPaths } from './read-catalog-paths.js';
import { readDataSheets, type JoinedColumn } from './read-data-sheets.js';
import { createRowJoiner } from './joined-rows.js';
import { rowsReadFraction, SheetCursor } from './sheet-cursor.js';

/** How far {@link JoinedWorkbook.open}'s rows read the other sheets before a record. */
export interface JoinedReadOptions {
  /**
   * True for a caller that takes only the first records (`preview`): the other sheets are read only
   * as far as those records need, their rows taken to be in record order (as the platform requires).
   * Otherwise every other sheet is read whole first, so a record gets its rows in any order.
   */
  readonly firstRecordsOnly?: boolean;
}

/** The platform workbook joined into one table and the mapping that reads it. */
export interface JoinedWorkbook {
  readonly file: string;
  readonly identity: WorkbookIdentity;
  /** The joined table's header (one column per matched workbook column, `数据ID` first). */
  readonly header: SourceHeader;
  /** The mapping (JSON text) the pipeline checks and compiles like a mapping file. */
  readonly mappingText: string;
  /** Workbook columns the current template has no field for, as `sheet!header`. */
  readonly unknownColumns: readonly string[];
  /** Template fields with no column in the workbook (dotted paths). */
  readonly missingFields: readonly string[];
  /** Fields the layout cannot place (a table or array inside an array element). */
  readonly unsupported: readonly string[];
  /**
   * Opens the joined rows: per record, its root row (with its meta) first, then its table and array
   * rows. `readFraction` counts the rows read on every sheet.
   */
  open(options?: JoinedReadOptions): Promise<TableSource>;
}

/**
 * Joins the platform's workbook into one table the mapping stage reads like any other, with the mapping
 * written for it (docs/platform-workbook.md#how-it-is-read). Sheets past the root are held in memory,
 * bounded by the workbook limits; the book is opened once.
 * @throws SourceError when a sheet cannot be read; a usage problem for missing source facts is the caller's.
 */
export async function joinPlatformWorkbook(
  book: XlsxBook,
  identity: WorkbookIdentity,
  template: Template,
  flags: WorkbookMetaFlags,
): Promise<JoinedWorkbook> {
  const { file } = book;
  const layout = platformLayout(template.fields);
  const columns: JoinedColumn[] = [{ name: DATA_ID, sheet: ROOT_SHEET, index: 0, letter: 'A' }];
  const used = new Set<string>([DATA_ID]);
  const addColumn: AddJoinedColumn = (header, sheet, index, letter) => {
    let name = header;
    for (let i = 2; used.has(name); i++) name = `${header} [${sheet}${i > 2 ? ` ${i}` : ''}]`;
    used.add(name);
    columns.push({ name, sheet, index, letter });
    return { at: columns.length - 1, name };
  };
  const meta = await readMetaSheet(book, identity, addColumn);
  // The catalog names the field each numbered sheet holds; without it, the sheet's number in the current layout does.
  const catalogPaths = await readCatalogPaths(book);
  const { root, sheets, matched, unknownColumns } = await readDataSheets(book, layout, catalogPaths, addColumn);
  if (root === undefined) {
    throw new SourceError(
      'SOURCE_SHEET_NOT_FOUND',
      `the workbook has no root data sheet "${ROOT_SHEET}"`,
      { file, sheet: ROOT_SHEET },
      'a platform workbook holds the top-level fields on sheet "1"; `mge-ingest init <tid> --workbook FILE.xlsx` writes one',
    );
  }
  const missingFields = layout.sheets.flatMap((s) =>
    s.columns.filter((c) => !matched.has(c)).map((c) => (c.names.length === 0 ? s.fieldNames.join('.') : c.path)),
  );
  const mappingText = joinedWorkbookMapping({
    root,
    sheets,
    names: columns.map((c) => c.name),
    metaKeys: meta.keys,
    flags,
    templateId: template.id,
    pubDate: identity.pubDate,
  });
  const joiner = createRowJoiner({ file, root, sheets, meta, columns });

  const open = async (options: JoinedReadOptions = {}): Promise<TableSource> => {
    const ordered = options.firstRecordsOnly === true;
    const rootTable = await openXlsxTable(book, { sheet: ROOT_SHEET, headerRow: 1 });
    let metaCursor: SheetCursor | undefined;
    const sheetCursors: SheetCursor[] = [];
    const close = async (): Promise<void> => {
      await Promise.all([rootTable.close(), metaCursor?.close(), ...sheetCursors.map((c) => c.close())]);
    };
    try {
      if (meta.idIndex >= 0) metaCursor = new SheetCursor(await openWorkbookSheet(book, meta.sheet), meta.idIndex, meta.feeds, true);
      for (const s of sheets) sheetCursors.push(new SheetCursor(await openWorkbookSheet(book, s.name), s.idIndex, s.feeds, false));
    } catch (error) {
      await close();
      throw error;
    }
    const rootRead = { n: 0 };
    const readFraction = (): number =>
      rowsReadFraction([
        { read: rootRead.n, fraction: rootTable.readFraction?.() ?? 0 },
        ...[...(metaCursor ? [metaCursor] : []), ...sheetCursors].map((c) => ({ read: c.read, fraction: c.readFraction() })),
      ]);
    const tables = { root: rootTable, rootRead, meta: metaCursor, sheets: sheetCursors };
    return { header: joiner.header, rows: () => joiner.rows(tables, ordered), close, readFraction };
  };

  return { file, identity, header: joiner.header, mappingText, unknownColumns, missingFields, unsupported: layout.unsupported, open };
}
