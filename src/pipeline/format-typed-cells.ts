import { cellLocation } from '../mapping/compile/row-context.js';
import { shownPercent } from '../mapping/values/unit-conversion.js';
import type { CellValue, InferredCell, SourceRow } from '../sources/source-types.js';
import type { RowLocation } from '../template/record-types.js';

/** Cells shown per column and kind; the rest are counted. */
export const TYPED_CELLS_SHOWN = 3;

/** One cell whose type the reader took from its number format: what it held and what it became. */
export interface FormatTypedCell {
  readonly location: RowLocation;
  /** The number the cell holds. */
  readonly raw: number;
  /** The number format it is shown under. */
  readonly format: string;
  /** The value read: a date, the fraction of a percent, a duration's text, a boolean; `null` with `issue`. */
  readonly value: CellValue;
  /** For a percent: the number the spreadsheet shows (`7.5` for 0.075). */
  readonly shownPercent?: number;
  /** The issue that replaced the value (`SOURCE_BAD_DATE`), if any. */
  readonly issue?: string;
}

/**
 * The cells of one column typed by one kind of format, the first {@link TYPED_CELLS_SHOWN} of them;
 * those that gave a value and those that gave an issue instead are separate columns.
 */
export interface FormatTypedColumn {
  readonly kind: InferredCell['kind'];
  readonly file: string;
  readonly sheet: string | undefined;
  /** Column letter and header text. */
  readonly column: string;
  readonly header: string;
  readonly cells: readonly FormatTypedCell[];
  /** Cells of this column and kind read besides those in `cells`. */
  readonly more: number;
}

interface Group {
  readonly kind: InferredCell['kind'];
  readonly file: string;
  readonly sheet: string | undefined;
  readonly column: string;
  readonly header: string;
  readonly cells: FormatTypedCell[];
  more: number;
}

/**
 * Gathers the cells of the rows `preview` reads whose type came from their number format
 * (`SourceRow.inferred`), by column and kind, keeping a few of each: what a curator needs to see
 * that a serial became the date meant, or a fraction stayed one.
 */
export class FormatTypedCells {
  private readonly groups = new Map<string, Group>();

  add(row: SourceRow): void {
    const inferred = row.inferred;
    if (inferred === undefined) return;
    const { header } = row;
    for (let c = 0; c < inferred.length; c++) {
      const was = inferred[c];
      if (was === undefined) continue;
      const value = row.values[c] ?? null;
      const issue = value === null ? row.issues.find((i) => i.columnIndex === c)?.code : undefined;
      // Cells that gave no value (`SOURCE_BAD_DATE`) are counted apart, so they do not hide the others.
      const key = `${header.file}\u0000${header.sheet ?? ''}\u0000${c}\u0000${was.kind}\u0000${issue ?? ''}`;
      let group = this.groups.get(key);
      if (group === undefined) {
        const at = cellLocation(header, row.rowNumber, c);
        group = { kind: was.kind, file: at.file, sheet: at.sheet, column: at.column ?? '', header: at.header ?? '', cells: [], more: 0 };
        this.groups.set(key, group);
      }
      if (group.cells.length >= TYPED_CELLS_SHOWN) {
        group.more += 1;
        continue;
      }
      group.cells.push({
        location: cellLocation(header, row.rowNumber, c),
        raw: was.raw,
        format: was.format,
        value,
        ...(was.kind === 'percent' ? { shownPercent: shownPercent(was.raw) } : {}),
        ...(issue === undefined ? {} : { issue }),
      });
    }
  }

  /** The columns in the order their first typed cell was read. */
  columns(): FormatTypedColumn[] {
    return [...this.groups.values()].map((g) => ({ ...g, cells: [...g.cells] }));
  }
}
