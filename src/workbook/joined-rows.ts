import type { CellOrigin, CellValue, InferredCell, SourceHeader, SourceIssue, SourceRow, TableSource } from '../sources/source-types.js';
import { DATA_ID, ROOT_SHEET } from './platform-layout.js';
import type { JoinedColumn, ReadSheet } from './read-data-sheets.js';
import type { MetaSheet } from './read-meta-sheet.js';
import type { SheetCursor } from './sheet-cursor.js';
import { clean, holdsData, idText } from './workbook-cells.js';

/** The joined table's make-up: its columns, and the sheets and meta sheet they come from. */
export interface JoinedLayout {
  readonly file: string;
  readonly root: ReadSheet;
  readonly sheets: readonly ReadSheet[];
  readonly meta: MetaSheet;
  readonly columns: readonly JoinedColumn[];
}

/** The sheets of one reading of the joined rows: the root table, and a cursor per other sheet. */
export interface JoinedTables {
  readonly root: TableSource;
  /** Rows read on the root sheet, for the progress. */
  readonly rootRead: { n: number };
  readonly meta: SheetCursor | undefined;
  /** One per {@link JoinedLayout.sheets}, in their order. */
  readonly sheets: readonly SheetCursor[];
}

/** The joined table's header, and the rows of one reading of it. */
export interface RowJoiner {
  readonly header: SourceHeader;
  /**
   * Per record, its root row (with its meta) first, then its table and array rows; then the rows of
   * no record. With `ordered`, the other sheets are read only as far as each record needs.
   */
  rows(tables: JoinedTables, ordered: boolean): AsyncIterable<SourceRow>;
}

const issue = (code: string, message: string, found: string | undefined): SourceIssue => ({ code, message, columnIndex: 0, found });

/**
 * Joins the rows of the platform workbook's sheets into the joined table's rows (docs/platform-workbook.md,
 * How it is read): each cell under its joined column, each row keeping its own sheet's letters, so a
 * problem is placed at the cell it came from.
 */
export function createRowJoiner(layout: JoinedLayout): RowJoiner {
  const { file, root, sheets, meta, columns } = layout;
  const names = columns.map((c) => c.name);
  const letters = columns.map((c, j) => (j === 0 ? (root.header.columns[root.idIndex] ?? 'A') : c.sheet === ROOT_SHEET ? c.letter : ''));
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
        (i) => i.code !== 'SOURCE_RAGGED_ROW' && (i.columnIndex === undefined || feeds.has(i.columnIndex) || i.columnIndex === idIndex),
      )
      .map((i) => ({
        ...i,
        columnIndex: i.columnIndex === undefined ? undefined : i.columnIndex === idIndex ? 0 : feeds.get(i.columnIndex),
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

  /** A row of no record: its cells as read, and only the issue that says why (its other cells are never mapped). */
  const stray = (row: SourceRow, read: ReadSheet, id: string, headerOf: SourceHeader, issues: SourceIssue[]): SourceRow => ({
    ...join({ ...row, issues: [] }, read, id, headerOf, issues),
    stray: true,
  });

  async function* rows(tables: JoinedTables, ordered: boolean): AsyncIterable<SourceRow> {
    const { root: table, rootRead, meta: metaCursor, sheets: sheetCursors } = tables;
    // Read whole first unless only the first records are wanted: a record gets its rows in any order.
    if (!ordered) for (const c of [...(metaCursor ? [metaCursor] : []), ...sheetCursors]) await c.drain();
    const seen = new Set<string>();
    try {
      for await (const row of table.rows()) {
        rootRead.n++;
        let id = idText(root.idIndex < 0 ? null : (row.values[root.idIndex] ?? null));
        // A repeated 数据ID keeps its meta row (the first of the id): its one problem is the repeat.
        const metaId = id;
        const extra: SourceIssue[] = [];
        if (id === '') {
          if (!holdsData(row, root.feeds)) continue;
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
        const first = join(row, root, id, header, extra);
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
    // Rows of the other sheets that no root row claims belong to no record: one problem at the
    // 数据ID cell of an id's first row, under a group of their own, never mapped (`SourceRow.stray`).
    for (let k = 0; k < sheets.length; k++) {
      const s = sheets[k]!;
      const c = sheetCursors[k]!;
      const headerOf = sheetHeaders.get(s.name)!;
      await c.drain();
      for (const [id, list] of c.rows) {
        // Met out of record order after its record, reading only the first records: not an unknown id.
        if (seen.has(id)) continue;
        const at = `${s.name}!${s.header.columns[s.idIndex] ?? 'A'}${list[0]!.rowNumber}`;
        const unknown = issue(
          'WORKBOOK_UNKNOWN_ID',
          `${DATA_ID} "${id}" on sheet ${s.name} is not on the root sheet ${ROOT_SHEET}: its rows belong to no record`,
          id,
        );
        yield* list.map((r, n) => stray(r, s, `${id} (${at})`, headerOf, n === 0 ? [unknown] : []));
      }
      for (const r of c.noId)
        yield stray(r, s, `${s.name}!A${r.rowNumber}`, headerOf, [issue('WORKBOOK_NO_ID', `the row holds values but no ${DATA_ID}`, '')]);
    }
  }

  return { header, rows };
}
