import type { LazyMappedRow } from '../../mapping/rows/lazy-mapped-row.js';
import type { MappedRow } from '../../mapping/rows/mapped-row.js';
import type { CellValue, SourceHeader } from '../../sources/source-types.js';

/** The mapping worker, as error messages name it. */
export const MAP_THREAD = 'the mapping thread';

/**
 * A mapped row as it crosses from the mapping thread: plain data. The record travels as its JSON text
 * (`body`), the form the upload sends; `values`, the cells of its first source row, give the source
 * values by the batch's header. The hash of a row with a body is left to the receiving thread
 * (`hash` undefined: sha256 of the body), and so is a key that is that hash (`key` undefined): the
 * mapping thread is the one that limits a run, the receiving one waits on it most of the time.
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
