import type { LazyMappedRow } from '../mapping/rows/lazy-mapped-row.js';
import type { MappedRow } from '../mapping/rows/mapped-row.js';
import type { CellValue, SourceHeader } from '../sources/source-types.js';

/** The mapping worker, as error messages name it. */
export const MAP_THREAD = 'the mapping thread';

/**
 * A mapped row as it crosses from the mapping thread: plain data, everything computed. The record
 * travels as its JSON text (`body`), the form the upload sends; `values`, the cells of its first
 * source row, give the source values by the batch's header.
 */
export type WireMappedRow = Pick<MappedRow, 'location' | 'rowNumbers' | 'key' | 'hash' | 'body' | 'problems'> & {
  readonly values: readonly CellValue[];
};

/** Rows mapped on the worker thread, with the header their cells are under. */
export interface MappedBatch {
  readonly header: SourceHeader;
  readonly rows: readonly WireMappedRow[];
}

/** The wire form of a row `toMappedRows` gave (reads, and so computes, its lazy members). */
export function toWireMappedRow(row: LazyMappedRow): WireMappedRow {
  return {
    location: row.location,
    rowNumbers: row.rowNumbers,
    key: row.key,
    hash: row.hash,
    body: row.body,
    problems: row.problems,
    values: row.sourceRow.values,
  };
}
