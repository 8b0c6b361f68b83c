/** A row's status in the copy: a record that is invalid, or whose upload failed. */
export interface RowStatus {
  readonly sheet: string | undefined;
  readonly row: number;
  readonly text: string;
}
