import type { RawRow } from './raw-row.js';

/** One sheet's physical rows before any header is applied: what a format reader produces. */
export interface RawSheet {
  /** The sheet's name as the workbook lists it. */
  readonly name: string;
  /** Every sheet's name, in workbook order. */
  readonly sheetNames: readonly string[];
  /** The rows in order, in batches; blank rows may be absent. Read once. */
  rows(): AsyncIterable<RawRow[]>;
  /** Releases the file; safe to call twice. */
  close(): Promise<void>;
  /** Where the reader is, 0..1, as of the last batch handed over. */
  readFraction?(): number;
}
