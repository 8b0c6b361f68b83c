import { stat } from 'node:fs/promises';
import path from 'node:path';
import { compileMapping, type CompiledMapping } from '../mapping/compile/compile-mapping.js';
import type { MappedRow } from '../mapping/rows/mapped-row.js';
import { MappingInvalidError } from '../mapping/mapping-errors.js';
import type { MappingProblem } from '../mapping/mapping-problem.js';
import type { PreparedMapping } from '../mapping/check/prepare-mapping.js';
import { toMappedRows } from '../mapping/rows/to-mapped-rows.js';
import { listInputs } from '../sources/list-inputs.js';
import { openTable } from '../sources/open-table.js';
import type { SourceOptions } from '../sources/source-options.js';
import type { SourceHeader, TableSource } from '../sources/source-types.js';
import type { ReadTracker } from './create-read-progress.js';
import type { MetaLiteralWarning } from './pipeline-warning.js';
import { mapsOnWorker, threadedMappedRows, type MappedRowSource } from './threaded-mapped-rows.js';
import { canSkipKnownRows, skipKnownRows, type RowSkipping } from './skip-known-rows.js';
import { fileSourceSeed } from '../sources/source-digest.js';

/** Options of {@link prepareInputs}. */
export interface PrepareInputsOptions {
  /** Files, directories or globs, as the user named them. */
  readonly inputs: readonly string[];
  /** Directory inputs give the table files of their sub-directories too. @default false */
  readonly recursive?: boolean;
  /** The mapping, checked against its template (`loadJob`): bound here to each input's header. */
  readonly mapping: PreparedMapping;
  /** Where relative inputs are found. @default undefined (the process's working directory) */
  readonly cwd?: string | undefined;
  /** Reader settings that override the mapping's `input:` section (e.g. from flags). @default {} */
  readonly sourceOptions?: SourceOptions;
  /**
   * Told of each `meta` literal that is a header of an input (`MAPPING_META_LITERAL_IS_COLUMN`), once
   * per place in the mapping however many inputs have that header. @default undefined (not told)
   */
  readonly onWarning?: (warning: MetaLiteralWarning) => void;
}

/** One input file whose header has been read and checked against the mapping. */
export interface PreparedInput {
  /** The file as listed (relative to `cwd` when named relatively). */
  readonly file: string;
  /** The path the file is opened with: `file` itself when it resolves from the process's working directory too. */
  readonly openPath: string;
  readonly header: SourceHeader;
  readonly compiled: CompiledMapping;
  readonly sourceOptions: SourceOptions;
  /** The file's size when its header was read, to weigh it in the read progress. */
  readonly bytes: number;
  /**
   * Opens the table another way than `openTable` (a platform workbook joined from its sheets); with
   * `firstRecordsOnly`, for a caller that reads only the first records (it may read less ahead).
   */
  readonly open?: (how?: { readonly firstRecordsOnly?: boolean }) => Promise<TableSource>;
}

/**
 * Lists the inputs and reads each file's header (nothing more) to compile the mapping for it, so every
 * column problem of every file is known before the first row is read. An empty drop folder gives no
 * inputs (see `listInputs`).
 * @throws the first source error (`SOURCE_NOT_FOUND`, `SOURCE_NO_INPUTS`, unreadable file …), or one
 *   MappingInvalidError `MAPPING_INVALID` holding the column problems of all files (each message
 *   names its file).
 */
export async function prepareInputs(options: PrepareInputsOptions): Promise<PreparedInput[]> {
  const files = await listInputs(options.inputs, options.cwd, { recursive: options.recursive ?? false });
  const sourceOptions: SourceOptions = { ...options.mapping.spec.input, ...options.sourceOptions };
  const prepared: PreparedInput[] = [];
  const problems: MappingProblem[] = [];
  const warned = new Set<string>();
  for (const file of files) {
    // Opened by the name the user gave whenever that name reaches the same file, because the readers
    // put the path they were given into every row's location (report lines, error files, messages).
    const openPath =
      options.cwd === undefined || path.isAbsolute(file) || path.resolve(file) === path.resolve(options.cwd, file)
        ? file
        : path.resolve(options.cwd, file);
    const table = await openTable(openPath, sourceOptions);
    try {
      const compiled = compileMapping(options.mapping, table.header);
      for (const w of compiled.warnings) {
        const place = `${w.line}:${w.col}`;
        if (warned.has(place)) continue;
        warned.add(place);
        options.onWarning?.({
          code: 'MAPPING_META_LITERAL_IS_COLUMN',
          file: options.mapping.spec.file,
          line: w.line,
          col: w.col,
          path: w.path,
          message: w.message,
        });
      }
      prepared.push({ file, openPath, header: table.header, compiled, sourceOptions, bytes: (await stat(openPath)).size });
    } catch (error) {
      if (!(error instanceof MappingInvalidError)) throw error;
      // In the order of the mapping's lines, file by file.
      problems.push(...[...error.problems].sort((a, b) => a.line - b.line || a.col - b.col));
    } finally {
      await table.close();
    }
  }
  if (problems.length > 0) throw new MappingInvalidError(options.mapping.spec.file, problems);
  return prepared;
}

/** Options of {@link mapInputs}. */
export interface MapInputsOptions {
  /** Stops reading at the next row once aborted (the file is closed). @default undefined */
  readonly signal?: AbortSignal;
  /** Called when a file is opened, before its first row. @default undefined */
  readonly onFile?: (input: PreparedInput) => void;
  /** Told which table is open, each record handed on and each input read to its end. @default undefined */
  readonly progress?: ReadTracker;
  /**
   * Reads, maps and validates a large CSV file on a worker thread, which hands over rows ready to
   * upload: for `ingest`, whose own thread is busy with HTTP. Otherwise only the reading (`csvRecords`)
   * runs there and rows are mapped here.
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
 * The map + validate stage over all inputs: one file at a time, streaming, each closed when its rows
 * end or when the consumer stops early. Yields one {@link MappedRow} per record (per row, or per
 * `groupBy` group), valid or not; a row problem is data, never an exception.
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
