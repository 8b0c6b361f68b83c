import { openXlsx } from '../sources/open-xlsx.js';
import { SourceError } from '../sources/source-error.js';
import type { CellOrigin, CellValue, InferredCell, SourceHeader, SourceIssue, SourceRow, TableSource } from '../sources/source-types.js';
import type { Template } from '../template/template-types.js';
import { DATA_ID, ELEMENT_INDEX, platformLayout, ROOT_SHEET, stripUnitSuffix, type LayoutColumn } from './platform-layout.js';
import type { WorkbookIdentity } from './identify-platform-workbook.js';
import { openWorkbookSheet } from './open-workbook-sheet.js';
import type { WorkbookMetaFlags } from './workbook-meta-mapping.js';
import { joinedWorkbookMapping, type FedSheet } from './joined-workbook-mapping.js';
import { clean, holdsData, idText, isDataIdHeader } from './workbook-cells.js';
import { readMetaSheet, type AddJoinedColumn } from './read-meta-sheet.js';
import { readCatalogPaths } from './read-catalog-paths.js';

/** Numbered sheets looked for past the ones the current template has (a field removed since). */
const EXTRA_SHEETS = 20;

/** A column of the joined table. */
interface JoinedColumn {
  readonly name: string;
  readonly sheet: string;
  /** Index in its sheet's header. */
  readonly index: number;
  readonly letter: string;
}

/** One data sheet read whole: its rows by 数据ID, and which joined column each of its columns feeds. */
interface ReadSheet extends FedSheet {
  readonly name: string;
  /** Sheet column index → joined column index. */
  readonly feeds: Map<number, number>;
  readonly idIndex: number;
}

/** How far {@link JoinedWorkbook.rows} reads the other sheets before a record. */
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
 * Joins the platform's structured workbook into one table the mapping stage reads as it reads any
 * other (docs/platform-workbook.md, How it is read): every sheet's header matched by text to the
 * current template (the unit suffix stripped; a unit that differs is converted), table and array
 * rows joined to their record by `数据ID` in whatever order they come, and a mapping written for
 * that table. The sheets other than the root are held in memory, bounded by the workbook limits.
 * @throws SourceError when a sheet cannot be read; a usage problem for missing source facts is the caller's.
 */
export async function joinPlatformWorkbook(
  file: string,
  identity: WorkbookIdentity,
  template: Template,
  flags: WorkbookMetaFlags,
): Promise<JoinedWorkbook> {
  const layout = platformLayout(template.fields);
  const columns: JoinedColumn[] = [{ name: DATA_ID, sheet: ROOT_SHEET, index: 0, letter: 'A' }];
  const unknownColumns: string[] = [];
  const used = new Set<string>([DATA_ID]);
  const addColumn: AddJoinedColumn = (header, sheet, index, letter) => {
    let name = header;
    for (let i = 2; used.has(name); i++) name = `${header} [${sheet}${i > 2 ? ` ${i}` : ''}]`;
    used.add(name);
    columns.push({ name, sheet, index, letter });
    return { at: columns.length - 1, name };
  };
  const meta = await readMetaSheet(file, identity, addColumn);

  // The catalog names the field each numbered sheet holds; without it, the sheet's number in the current layout does.
  const catalogPaths = await readCatalogPaths(file);

  const sheets: ReadSheet[] = [];
  let root: ReadSheet | undefined;
  const matched = new Set<LayoutColumn>();
  for (let n = 1; n <= layout.sheets.length + EXTRA_SHEETS; n++) {
    const name = String(n);
    const table = await openWorkbookSheet(file, name);
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

  const names = columns.map((c) => c.name);
  const rootSheet: ReadSheet = root;
  const mappingText = joinedWorkbookMapping({
    root: rootSheet,
    sheets,
    names,
    metaKeys: meta.keys,
    flags,
    templateId: template.id,
    pubDate: identity.pubDate,
  });

  const letters = columns.map((c, j) =>
    j === 0 ? (rootSheet.header.columns[rootSheet.idIndex] ?? 'A') : c.sheet === ROOT_SHEET ? c.letter : '',
  );
  const header: SourceHeader = { file, sheet: ROOT_SHEET, row: 1, names, columns: letters };
  const sheetHeaders = new Map<string, SourceHeader>(
    sheets.map((s) => [
      s.name,
      {
        file,
        sheet: s.name,
        row: 1,
        names,
        columns: columns.map((c, j) => (j === 0 ? (s.header.columns[s.idIndex] ?? 'A') : c.sheet === s.name ? c.letter : '')),
      },
    ]),
  );
  const width = columns.length;

  const remapIssues = (row: SourceRow, feeds: ReadonlyMap<number, number>, idIndex: number): SourceIssue[] =>
    row.issues
      // A value right of the last header is the platform's hidden drop-down lists, not data.
      .filter(
        (issue) =>
          issue.code !== 'SOURCE_RAGGED_ROW' &&
          (issue.columnIndex === undefined || feeds.has(issue.columnIndex) || issue.columnIndex === idIndex),
      )
      .map((issue) => ({
        ...issue,
        columnIndex: issue.columnIndex === undefined ? undefined : issue.columnIndex === idIndex ? 0 : feeds.get(issue.columnIndex),
      }));
  const join = (row: SourceRow, read: ReadSheet, id: string, headerOf: SourceHeader, extra: SourceIssue[] = []): SourceRow => {
    const values: CellValue[] = new Array<CellValue>(width).fill(null);
    values[0] = id;
    let percent: boolean[] | undefined;
    let inferred: (InferredCell | undefined)[] | undefined;
    for (const [i, j] of read.feeds) {
      values[j] = clean(row.values[i] ?? null);
      if (row.percent?.[i] === true) (percent ??= new Array<boolean>(width).fill(false))[j] = true;
      const was = row.inferred?.[i];
      if (was !== undefined) (inferred ??= new Array<InferredCell | undefined>(width).fill(undefined))[j] = was;
    }
    return {
      header: headerOf,
      rowNumber: row.rowNumber,
      values,
      issues: [...remapIssues(row, read.feeds, read.idIndex), ...extra],
      ...(percent ? { percent } : {}),
      ...(inferred ? { inferred } : {}),
    };
  };
  const issue = (code: string, message: string, found: string | undefined): SourceIssue => ({ code, message, columnIndex: 0, found });

  const open = async (options: JoinedReadOptions = {}): Promise<TableSource> => {
    const ordered = options.firstRecordsOnly === true;
    const rootTable = await openXlsx(file, { sheet: ROOT_SHEET, headerRow: 1 });
    const cursors: SheetCursor[] = [];
    try {
      const metaTable = meta.idIndex < 0 ? undefined : await openWorkbookSheet(file, meta.sheet);
      if (metaTable !== undefined) cursors.push(new SheetCursor(metaTable, meta.idIndex, meta.feeds, true));
      for (const s of sheets) {
        const t = await openWorkbookSheet(file, s.name);
        cursors.push(new SheetCursor(t, s.idIndex, s.feeds, false));
      }
    } catch (error) {
      await Promise.all([rootTable.close(), ...cursors.map((c) => c.close())]);
      throw error;
    }
    const metaCursor = meta.idIndex < 0 ? undefined : cursors[0];
    const sheetCursors = metaCursor === undefined ? cursors : cursors.slice(1);
    const rootRead = { n: 0 };
    const close = async (): Promise<void> => {
      await Promise.all([rootTable.close(), ...cursors.map((c) => c.close())]);
    };
    const readFraction = (): number =>
      rowsReadFraction([
        { read: rootRead.n, fraction: rootTable.readFraction?.() ?? 0 },
        ...cursors.map((c) => ({ read: c.read, fraction: c.readFraction() })),
      ]);
    return { header, rows: () => joinedRows(rootTable, rootRead, metaCursor, sheetCursors, ordered), close, readFraction };
  };

  async function* joinedRows(
    table: TableSource,
    rootRead: { n: number },
    metaCursor: SheetCursor | undefined,
    sheetCursors: readonly SheetCursor[],
    ordered: boolean,
  ): AsyncIterable<SourceRow> {
    // Read whole first unless only the first records are wanted: a record gets its rows in any order.
    if (!ordered) for (const c of [...(metaCursor ? [metaCursor] : []), ...sheetCursors]) await c.drain();
    const seen = new Set<string>();
    try {
      for await (const row of table.rows()) {
        rootRead.n++;
        let id = idText(rootSheet.idIndex < 0 ? null : (row.values[rootSheet.idIndex] ?? null));
        // A repeated 数据ID keeps its meta row (the first of the id): its one problem is the repeat.
        const metaId = id;
        const extra: SourceIssue[] = [];
        if (id === '') {
          if (!holdsData(row, rootSheet.feeds)) continue;
          // A group value of its own, so the row is not taken for a continuation of the record above.
          id = `${ROOT_SHEET}!A${row.rowNumber}`;
          extra.push(issue('WORKBOOK_NO_ID', `the row holds values but no ${DATA_ID}`, ''));
        } else if (seen.has(id)) {
          extra.push(
            issue(
              'WORKBOOK_DUPLICATE_ID',
              `${DATA_ID} "${id}" is used by an earlier row of sheet ${ROOT_SHEET}; its table and array rows go to the first`,
              id,
            ),
          );
          id = `${id} (${ROOT_SHEET}!A${row.rowNumber})`;
        }
        seen.add(id);
        if (metaId !== '') {
          await metaCursor?.readPast(metaId, seen);
          for (const c of sheetCursors) await c.readPast(id, seen);
        }
        const metaRow = metaId === '' ? undefined : metaCursor?.rows.get(metaId)?.[0];
        if (metaRow === undefined && extra.length === 0)
          extra.push(issue('WORKBOOK_NO_META', `${DATA_ID} "${id}" has no row on the meta sheet "${meta.sheet}"`, id));
        const first = join(row, rootSheet, id, header, extra);
        if (metaRow !== undefined) {
          const values = first.values as CellValue[];
          const origins: (CellOrigin | undefined)[] = new Array<CellOrigin | undefined>(width).fill(undefined);
          const metaLetters = [...letters];
          for (const [i, j] of meta.feeds) {
            values[j] = clean(metaRow.values[i] ?? null);
            origins[j] = { sheet: meta.sheet, row: metaRow.rowNumber };
            metaLetters[j] = columns[j]!.letter;
          }
          const metaIssues = remapIssues(metaRow, meta.feeds, -1);
          yield { ...first, header: { ...header, columns: metaLetters, origins }, issues: [...first.issues, ...metaIssues] };
        } else yield first;
        for (let k = 0; k < sheets.length; k++) {
          const s = sheets[k]!;
          const c = sheetCursors[k]!;
          for (const r of c.rows.get(id) ?? []) yield join(r, s, id, sheetHeaders.get(s.name)!);
          c.rows.delete(id);
        }
      }
    } finally {
      await table.close();
    }
    // Rows of the other sheets that no root row claims: reported, each under its own id.
    for (let k = 0; k < sheets.length; k++) {
      const s = sheets[k]!;
      const c = sheetCursors[k]!;
      await c.drain();
      for (const [id, list] of c.rows) {
        // Met out of record order after its record, reading only the first records: not an unknown id.
        if (seen.has(id)) continue;
        const at = `${s.name}!${s.header.columns[s.idIndex] ?? 'A'}${list[0]!.rowNumber}`;
        yield* list.map((r, k2) =>
          join(
            r,
            s,
            `${id} (${at})`,
            sheetHeaders.get(s.name)!,
            k2 === 0
              ? [
                  {
                    ...issue(
                      'WORKBOOK_UNKNOWN_ID',
                      `${DATA_ID} "${id}" on sheet ${s.name} is not on the root sheet ${ROOT_SHEET}: its rows belong to no record`,
                      id,
                    ),
                    columnIndex: 0,
                  },
                ]
              : [],
          ),
        );
      }
      for (const r of c.noId)
        yield join(r, s, `${s.name}!A${r.rowNumber}`, sheetHeaders.get(s.name)!, [
          issue('WORKBOOK_NO_ID', `the row holds values but no ${DATA_ID}`, ''),
        ]);
    }
  }

  return { file, identity, header, mappingText, unknownColumns, missingFields, unsupported: layout.unsupported, open };
}

/**
 * A sheet other than the root, read forward as the records need it: its rows kept by `数据ID` (all of
 * an id's rows, or the first only for the meta sheet, where the first row of an id counts).
 */
class SheetCursor {
  readonly rows = new Map<string, SourceRow[]>();
  /** Rows in sheet order whose 数据ID is empty although they hold values. */
  readonly noId: SourceRow[] = [];
  /** Rows read so far, for the progress. */
  read = 0;
  private readonly iterator: AsyncIterator<SourceRow> | undefined;
  private done: boolean;
  /** The 数据ID of the last row read that had one. */
  private lastId: string | undefined;

  constructor(
    private readonly table: TableSource | undefined,
    private readonly idIndex: number,
    private readonly feeds: ReadonlyMap<number, number>,
    private readonly firstOnly: boolean,
  ) {
    this.iterator = table?.rows()[Symbol.asyncIterator]();
    this.done = table === undefined;
  }

  private async pull(): Promise<void> {
    const next = await this.iterator!.next();
    if (next.done === true) {
      this.done = true;
      await this.close();
      return;
    }
    const row = next.value;
    this.read++;
    const id = idText(this.idIndex < 0 ? null : (row.values[this.idIndex] ?? null));
    if (id === '') {
      if (holdsData(row, this.feeds)) this.noId.push(row);
      return;
    }
    this.lastId = id;
    const list = this.rows.get(id);
    if (list === undefined) this.rows.set(id, [row]);
    else if (!this.firstOnly) list.push(row);
  }

  /**
   * Reads on until a row of another record comes (one not yet met on the root sheet, `seen`): with
   * the sheet in record order, every row of `id` has then been read.
   */
  async readPast(id: string, seen: ReadonlySet<string>): Promise<void> {
    while (!this.done && (this.lastId === undefined || this.lastId === id || seen.has(this.lastId))) await this.pull();
  }

  async drain(): Promise<void> {
    while (!this.done) await this.pull();
  }

  readFraction(): number {
    return this.done ? 1 : (this.table?.readFraction?.() ?? 0);
  }

  async close(): Promise<void> {
    await this.table?.close();
  }
}

/**
 * Rows read over all rows of the sheets, each sheet's total estimated from the rows read and how far
 * through its XML they reach (a sheet not yet started counts as large as the average of the others).
 */
function rowsReadFraction(sheets: readonly { readonly read: number; readonly fraction: number }[]): number {
  const known = sheets.filter((s) => s.fraction > 0);
  if (known.length === 0) return 0;
  const totals = known.map((s) => s.read / s.fraction);
  const average = totals.reduce((a, b) => a + b, 0) / totals.length;
  const read = known.reduce((n, s) => n + s.read, 0);
  const total = totals.reduce((a, b) => a + b, 0) + average * (sheets.length - known.length);
  return total > 0 ? Math.min(1, read / total) : 0;
}
