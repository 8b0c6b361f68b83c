import { hash } from 'node:crypto';
import { isLowerHex } from '../util/is-lower-hex.js';
import type { SourceOptions } from './source-options.js';
import type { SourceHeader, SourceRow } from './source-types.js';

/** Bytes of a source digest: the first 16 of a sha256 (32 hex digits in the report). */
export const SOURCE_DIGEST_BYTES = 16;

/** The seed of {@link sourceDigest} from what a record depends on besides its cells (plain data). */
export function sourceSeed(parts: unknown): string {
  return hash('sha256', JSON.stringify(parts), 'hex');
}

/**
 * The seed of one file's rows: the run's (`sourceSeed`), the header (which column a name reads) and the
 * reader's options (how a cell's text is read).
 */
export function fileSourceSeed(runSeed: string, header: SourceHeader, sourceOptions: SourceOptions): string {
  return sourceSeed([runSeed, header.names, sourceOptions]);
}

/** A source digest as the report writes it: 32 lowercase hex digits. */
export function isSourceDigest(text: string): boolean {
  return isLowerHex(text, 2 * SOURCE_DIGEST_BYTES);
}

/**
 * The source digest of a row: the sha256, cut to 128 bits, of `seed` followed by the row's cells as a
 * JSON array (and, for a workbook row with percent-formatted numbers, which ones: they map as shown). `seed` holds everything else a record depends on (the mapping's and the template's
 * fingerprints, the settings, the reader options, the header), so two rows with one digest map to one
 * record: an upload records the digest of the cells it was mapped from, and a later run that finds the
 * same key with the same digest knows the record without mapping the row again.
 *
 * sha256 rather than a faster non-cryptographic hash: a row whose digest matches is skipped unseen, so
 * crafting a changed row that collides with an uploaded one must be as hard as finding a sha256
 * collision, not a matter of arithmetic.
 */
export function sourceDigest(seed: string, row: Pick<SourceRow, 'values' | 'percent'>): string {
  const cells = row.percent === undefined ? JSON.stringify(row.values) : JSON.stringify([row.values, row.percent]);
  // Hex, not a Buffer: a string is what the report writes, and costs less to make than a Buffer.
  return hash('sha256', seed + cells, 'hex').slice(0, 2 * SOURCE_DIGEST_BYTES);
}
