import type { SourceRow, TableSource } from '../sources/source-types.js';
import { holdsData, idText } from './workbook-cells.js';

/**
 * A sheet other than the root, read forward as the records need it: its rows kept by `数据ID` (all of
 * an id's rows, or the first only for the meta sheet, where the first row of an id counts).
 */
export class SheetCursor {
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
export function rowsReadFraction(sheets: readonly { readonly read: number; readonly fraction: number }[]): number {
  const known = sheets.filter((s) => s.fraction > 0);
  if (known.length === 0) return 0;
  const totals = known.map((s) => s.read / s.fraction);
  const average = totals.reduce((a, b) => a + b, 0) / totals.length;
  const read = known.reduce((n, s) => n + s.read, 0);
  const total = totals.reduce((a, b) => a + b, 0) + average * (sheets.length - known.length);
  return total > 0 ? Math.min(1, read / total) : 0;
}
