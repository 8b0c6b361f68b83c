import { compileMapping } from '../../mapping/compile/compile-mapping.js';
import type { MappedRow } from '../../mapping/rows/mapped-row.js';
import { toMappedRows } from '../../mapping/rows/to-mapped-rows.js';
import { openTable } from '../../sources/open-table.js';
import { fileSourceSeed } from '../../sources/source-digest.js';
import type { ReadTracker } from '../create-read-progress.js';
import type { PreparedInput } from '../job/prepare-inputs.js';
import { canSkipKnownRows, skipKnownRows, type RowSkipping } from './skip-known-rows.js';
import { mapsOnWorker, threadedMappedRows, type MappedRowSource } from './threaded-mapped-rows.js';

/** Options of {@link mapInputs}. */
export interface MapInputsOptions {
  /** Stops reading at the next row once aborted (the file is closed). @default undefined */
  readonly signal?: AbortSignal;
  /** Called when a file is opened, before its first row. @default undefined */
  readonly onFile?: (input: PreparedInput) => void;
  /** Told which table is open, each record handed on and each input read to its end. @default undefined */
  readonly progress?: ReadTracker;
  /**
   * Maps on the worker too (`ingest`, whose own thread is busy with HTTP), not only reads there.
   * @default false
   */
  readonly mapOnWorker?: boolean;
  /**
   * With `mapOnWorker` (`ingest`): every row's source digest is computed, and given a ledger with
   * plainly uploaded keys, rows it holds are left unmapped (`skipKnownRows`). @default undefined
   */
  readonly skipping?: RowSkipping | undefined;
}

/** Opens one input and maps it on this thread; with `skipping`, as {@link skipKnownRows} does. */
async function mapHere(input: PreparedInput, skipping?: RowSkipping): Promise<MappedRowSource> {
  const table =
    input.open !== undefined
      ? await input.open()
      : await openTable(input.openPath, input.sourceOptions, skipping === undefined ? {} : { digests: true });
  try {
    // The header was checked when the inputs were prepared; a file changed since is compiled again.
    const sameHeader = table.header.names.join('\u0000') === input.header.names.join('\u0000');
    const compiled = sameHeader ? input.compiled : compileMapping(input.compiled.prepared, table.header);
    const rows =
      skipping === undefined || !canSkipKnownRows(compiled)
        ? toMappedRows(table.rows(), compiled)
        : skipKnownRows(table.rows(), compiled, fileSourceSeed(skipping.seed, table.header, input.sourceOptions), skipping.ledger);
    return { rows, close: () => table.close(), readFraction: () => table.readFraction?.() ?? 0 };
  } catch (error) {
    await table.close();
    throw error;
  }
}

/** Opens one input: mapped on a worker thread when asked and worth it, else here. */
async function openMapped(input: PreparedInput, options: MapInputsOptions): Promise<MappedRowSource> {
  const { skipping } = options;
  // A ledger that holds uploaded keys: most rows of a resume are found there, so this thread reads
  // them (the CSV read on the reader thread) and maps only those it does not find, a small part of the
  // work; the mapping thread would map them all.
  const known = (skipping?.ledger?.compactKeys?.size ?? 0) > 0;
  if (options.mapOnWorker !== true || input.open !== undefined || known || !(await mapsOnWorker(input.openPath)))
    return mapHere(input, skipping);
  const { spec, template, check } = input.compiled;
  return threadedMappedRows({
    file: input.openPath,
    sourceOptions: input.sourceOptions,
    spec,
    template,
    methodsWidth: check.methodsWidth,
    sourceSeed: skipping?.seed,
  });
}

/**
 * The map + validate stage over all inputs, one file at a time, each closed when its rows end or the
 * consumer stops. One {@link MappedRow} per record, valid or not.
 * @throws source errors met while reading (a truncated workbook, a late encoding error).
 */
export async function* mapInputs(inputs: readonly PreparedInput[], options: MapInputsOptions = {}): AsyncIterable<MappedRow> {
  const progress = options.progress;
  for (const [index, input] of inputs.entries()) {
    if (options.signal?.aborted) return;
    const mapped = await openMapped(input, options);
    try {
      options.onFile?.(input);
      progress?.opened(index, mapped);
      for await (const row of mapped.rows) {
        progress?.record();
        yield row;
        if (options.signal?.aborted) return;
      }
      progress?.finished(index);
    } finally {
      await mapped.close();
    }
  }
}
