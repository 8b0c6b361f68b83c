import type { RowStatus, RowStatuses } from './row-status.js';

/** One sheet's rows in order, each with what its status text is made from. */
interface SheetIndex<T> {
  readonly rows: Float64Array;
  readonly items: readonly T[];
}

/**
 * The statuses of `items` (each with a status), placed by `place`, a text made by `text` only when its row is
 * asked for: the index holds a row number and a reference per item (some 12 bytes), where a list of
 * texts held one object and one string per row (`report --annotate` marks every row of its input).
 */
export function indexRowStatuses<T>(
  items: Iterable<T>,
  place: (item: T) => { readonly sheet?: string | undefined; readonly row: number },
  text: (item: T) => string,
): RowStatuses {
  const bySheet = new Map<string | undefined, T[]>();
  for (const item of items) {
    const { sheet } = place(item);
    const list = bySheet.get(sheet);
    if (list === undefined) bySheet.set(sheet, [item]);
    else list.push(item);
  }
  const index = new Map<string | undefined, SheetIndex<T>>();
  for (const [sheet, list] of bySheet) {
    const rows = Float64Array.from(list, (item) => place(item).row);
    // Most inputs come in row order already; a stable sort keeps the last given for a row last.
    const sorted = rows.every((row, i) => i === 0 || (rows[i - 1] ?? row) <= row);
    if (sorted) index.set(sheet, { rows, items: list });
    else {
      const order = Array.from(list.keys()).sort((a, b) => (rows[a] ?? 0) - (rows[b] ?? 0));
      index.set(sheet, { rows: Float64Array.from(order, (i) => rows[i] ?? 0), items: order.map((i) => list[i] as T) });
    }
  }
  return {
    sheets: [...index.keys()],
    at(sheet, row) {
      const found = index.get(sheet);
      if (found === undefined) return undefined;
      const i = lastAtOrBefore(found.rows, row);
      const item = found.items[i];
      return found.rows[i] === row && item !== undefined ? text(item) : undefined;
    },
    *entries(sheet) {
      const found = index.get(sheet);
      if (found === undefined) return;
      for (const [i, item] of found.items.entries()) yield [found.rows[i] ?? 0, text(item)] as const;
    },
  };
}

/** The statuses of a list (the rows `validate` marks: at most one a marked problem). */
export function listedRowStatuses(list: readonly RowStatus[]): RowStatuses {
  return indexRowStatuses(
    list,
    (s) => s,
    (s) => s.text,
  );
}

/** The index of the last of the ascending `rows` that is at most `row` (-1 when none is). */
function lastAtOrBefore(rows: Float64Array, row: number): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((rows[middle] ?? 0) <= row) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}
