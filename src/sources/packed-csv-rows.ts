import type { RawRow } from './raw-row.js';
import { SOURCE_DIGEST_BYTES as DIGEST_BYTES } from './source-digest.js';

/** A CSV row as it is read: every cell text, no issue; its digest when asked for. */
export interface CsvRow extends RawRow {
  readonly cells: string[];
  readonly issues: undefined;
}

/**
 * CSV rows packed to cross threads cheaply: one text per row and its cells' ends. Cloning rows as
 * arrays of strings was two-thirds of the hand-over; per row, not per batch, so a cell cut out of it
 * keeps only its row's text alive.
 */
export interface PackedCsvRows {
  readonly texts: string[];
  readonly rowNumbers: Float64Array;
  /** Cells per row. */
  readonly widths: Int32Array;
  /** Per cell, in row order: where it ends in its row's text. */
  readonly ends: Int32Array;
  /** The rows' digests, 16 bytes each in row order, when they were read with digests. */
  readonly digests?: Uint8Array;
}

/** Packs a batch of rows for {@link unpackCsvRows}. */
export function packCsvRows(rows: readonly CsvRow[]): PackedCsvRows {
  let cellCount = 0;
  for (const row of rows) cellCount += row.cells.length;
  const texts = new Array<string>(rows.length);
  const rowNumbers = new Float64Array(rows.length);
  const widths = new Int32Array(rows.length);
  const ends = new Int32Array(cellCount);
  const digests = rows.length > 0 && rows[0]!.digest !== undefined ? new Uint8Array(rows.length * DIGEST_BYTES) : undefined;
  let k = 0;
  for (let r = 0; r < rows.length; r++) {
    const { cells, rowNumber } = rows[r]!;
    let length = 0;
    for (let c = 0; c < cells.length; c++) {
      length += cells[c]!.length;
      ends[k++] = length;
    }
    // One copy into a flat text: appending cell by cell built a tree of joined strings that the
    // structured clone then had to flatten (pack and clone ~8 % cheaper this way, measured).
    texts[r] = cells.join('');
    rowNumbers[r] = rowNumber;
    widths[r] = cells.length;
    if (digests !== undefined) digests.set(rows[r]!.digest!, r * DIGEST_BYTES);
  }
  return digests === undefined ? { texts, rowNumbers, widths, ends } : { texts, rowNumbers, widths, ends, digests };
}

/** The rows {@link packCsvRows} packed, cell for cell. */
export function unpackCsvRows(packed: PackedCsvRows): CsvRow[] {
  const { texts, rowNumbers, widths, ends, digests } = packed;
  const rows = new Array<CsvRow>(texts.length);
  let k = 0;
  for (let r = 0; r < texts.length; r++) {
    const text = texts[r]!;
    const width = widths[r]!;
    const cells: string[] = [];
    let start = 0;
    for (let c = 0; c < width; c++) {
      const end = ends[k++]!;
      cells.push(text.slice(start, end));
      start = end;
    }
    rows[r] =
      digests === undefined
        ? { rowNumber: rowNumbers[r]!, cells, issues: undefined }
        : { rowNumber: rowNumbers[r]!, cells, issues: undefined, digest: digests.subarray(r * DIGEST_BYTES, (r + 1) * DIGEST_BYTES) };
  }
  return rows;
}
