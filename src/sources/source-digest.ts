import { hash } from 'node:crypto';
import { isLowerHex } from '../util/is-lower-hex.js';
import type { SourceOptions } from './source-options.js';
import type { SourceHeader, SourceRow } from './source-types.js';

/** Bytes of a source digest: 128 bits (32 hex digits in the report). */
export const SOURCE_DIGEST_BYTES = 16;

/** The run's seed of source digests from what a record depends on besides its cells (plain data). */
export function sourceSeed(parts: unknown): string {
  return hash('sha256', JSON.stringify(parts), 'hex');
}

/**
 * The seed of one file's rows: the run's (`sourceSeed`), the header (which column a name reads) and the
 * reader's options (how a cell's text is read).
 */
export function fileSourceSeed(runSeed: string, header: SourceHeader, sourceOptions: SourceOptions): string {
  return sourceSeed([runSeed, header.names, header.columns, header.row, sourceOptions]);
}

/** A source digest as the report writes it: 32 lowercase hex digits. */
export function isSourceDigest(text: string): boolean {
  return isLowerHex(text, 2 * SOURCE_DIGEST_BYTES);
}

/**
 * A CSV record's cells digested where the file is read: the first 128 bits of the sha256 of the cells
 * as a JSON array, at `offset` of `out`; the header goes into the file seed ({@link rowSourceDigester}).
 */
export function cellsDigest(cells: readonly string[], out: Uint8Array, offset = 0): void {
  writeDigest(hash('sha256', JSON.stringify(cells), 'binary'), out, offset);
}

/**
 * Copies the first 16 bytes of a digest given as a `binary` (latin1) string (one character a byte) into `out`:
 * a string result costs ~1 µs less a call than a Buffer (measured: a million sha256 of a row's cells,
 * 1.6 s as text, 2.7 s as Buffers).
 */
function writeDigest(text: string, out: Uint8Array, offset: number): void {
  for (let i = 0; i < SOURCE_DIGEST_BYTES; i++) out[offset + i] = text.charCodeAt(i);
}

/**
 * The 16-byte source digest of a file's rows under `fileSeed` ({@link fileSourceSeed}): a CSV row's
 * cell digest XOR the seed, any other row the sha256 of seed and values (with its percent cells).
 * What it covers, and why a sha256 (a skipped row is never looked at, so passing for an uploaded one
 * must take a collision): docs/report-format.md#source-digests-rows-the-ledger-knows-are-not-mapped-again.
 */
export function rowSourceDigester(fileSeed: string): (row: Pick<SourceRow, 'values' | 'percent' | 'digest'>) => Buffer {
  const mask = Buffer.from(fileSeed.slice(0, 2 * SOURCE_DIGEST_BYTES), 'hex');
  return (row) => {
    if (row.digest !== undefined) {
      const out = Buffer.allocUnsafe(SOURCE_DIGEST_BYTES);
      for (let i = 0; i < SOURCE_DIGEST_BYTES; i++) out[i] = row.digest[i]! ^ mask[i]!;
      return out;
    }
    const cells = row.percent === undefined ? JSON.stringify(row.values) : JSON.stringify([row.values, row.percent]);
    const out = Buffer.allocUnsafe(SOURCE_DIGEST_BYTES);
    writeDigest(hash('sha256', fileSeed + cells, 'binary'), out, 0);
    return out;
  };
}
