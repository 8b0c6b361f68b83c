import type { TableSource } from '../sources/source-types.js';

/** How far a run has read its inputs, for the progress display. */
export interface ReadProgress {
  /**
   * Share of all the inputs read, 0..1, weighted by file size: the files finished count whole, the
   * open one as far as its reader is (`TableSource.readFraction`). Never decreases; 1 once every
   * input has been read to its end.
   */
  fraction(): number;
  /** Records handed on so far (rows, or `groupBy` groups). */
  records(): number;
}

/** The side of a {@link ReadProgress} that `mapInputs` feeds. */
export interface ReadTracker extends ReadProgress {
  /** Input number `index` (in the order given) is open as `table` (a table, or rows mapped on a worker). */
  opened(index: number, table: Pick<TableSource, 'readFraction'>): void;
  /** One record handed on. */
  record(): void;
  /** Input number `index` was read to its end. */
  finished(index: number): void;
}

/**
 * Tracks reading progress over inputs of the given sizes in bytes, in order. Bytes measure progress
 * through any layout (title and blank rows, `groupBy` groups, several files) without a pass to count
 * rows first. Inputs that are all empty count one share each.
 */
export function createReadProgress(sizes: readonly number[]): ReadTracker {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const weight = (index: number): number => (total > 0 ? (sizes[index] ?? 0) / total : 1 / Math.max(1, sizes.length));
  let before = 0;
  let current: { index: number; table: Pick<TableSource, 'readFraction'> } | undefined;
  let records = 0;
  let reached = 0;
  return {
    fraction() {
      const within = current === undefined ? 0 : weight(current.index) * Math.min(1, Math.max(0, current.table.readFraction?.() ?? 0));
      reached = Math.max(reached, Math.min(1, before + within));
      return reached;
    },
    records: () => records,
    opened(index, table) {
      current = { index, table };
    },
    record() {
      records++;
    },
    finished(index) {
      before += weight(index);
      if (current?.index === index) current = undefined;
      // Sums of shares can land a hair short of 1.
      if (index === sizes.length - 1) before = 1;
    },
  };
}
