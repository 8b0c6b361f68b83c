/** A row's status in the copy: a record that is invalid, or whose upload failed. */
export interface RowStatus {
  readonly sheet: string | undefined;
  readonly row: number;
  readonly text: string;
}

/**
 * The status column of a copy, looked up as its rows are written: a copy of a long input asks for
 * each row's status in turn, so the texts need not all be held at once (`indexRowStatuses`).
 */
export interface RowStatuses {
  /** The sheets with a status on some row, as the statuses name them (undefined: the first sheet). */
  readonly sheets: readonly (string | undefined)[];
  /** The status of `row` on `sheet` (as `sheets` names it), if it has one; the last given for a row wins. */
  at(sheet: string | undefined, row: number): string | undefined;
  /** The statuses of `sheet`, in row order. */
  entries(sheet: string | undefined): Iterable<readonly [row: number, text: string]>;
}
