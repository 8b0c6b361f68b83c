import type { LazyMappedRow } from '../../mapping/rows/lazy-mapped-row.js';
import type { MappedRow } from '../../mapping/rows/mapped-row.js';
import type { CellValue, SourceHeader } from '../../sources/source-types.js';

/** The mapping worker, as error messages name it. */
export const MAP_THREAD = 'the mapping thread';

/**
 * A mapped row crossing from the mapping thread as plain data: the record as its JSON `body`. `hash`
 * (and a hash key) are left undefined for the receiving thread, which mostly waits on the mapping one.
 */
export type WireMappedRow = Pick<MappedRow, 'location' | 'rowNumbers' | 'body' | 'problems'> & {
  readonly key: string | undefined;
  readonly hash: string | undefined;
  readonly values: readonly CellValue[];
  /** `MappedRow.src`, where the worker computed one. */
  readonly src?: string | undefined;
};

/** Rows mapped on the worker thread, with the header their cells are under. */
export interface MappedBatch {
  readonly header: SourceHeader;
  readonly rows: readonly WireMappedRow[];
}

/** The wire form of a row `toMappedRows` gave (reads, and so computes, the lazy members it carries). */
export function toWireMappedRow(row: LazyMappedRow, src: string | undefined): WireMappedRow {
  const body = row.body;
  return {
    location: row.location,
    rowNumbers: row.rowNumbers,
    key: row.keyIsHash ? undefined : row.key,
    hash: body === undefined ? row.hash : undefined,
    body,
    problems: row.problems,
    values: row.sourceRow.values,
    ...(src !== undefined ? { src } : {}),
  };
}
