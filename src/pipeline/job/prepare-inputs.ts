import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { PreparedMapping } from '../../mapping/check/prepare-mapping.js';
import { compileMapping, type CompiledMapping } from '../../mapping/compile/compile-mapping.js';
import { MappingInvalidError } from '../../mapping/mapping-errors.js';
import type { MappingProblem } from '../../mapping/mapping-problem.js';
import { listInputs } from '../../sources/list-inputs.js';
import { openTable } from '../../sources/open-table.js';
import type { SourceOptions } from '../../sources/source-options.js';
import type { SourceHeader, TableSource } from '../../sources/source-types.js';
import type { MetaLiteralWarning } from '../pipeline-warning.js';

/** Options of {@link prepareInputs}. */
export interface PrepareInputsOptions {
  /** Files, directories or globs, as the user named them. */
  readonly inputs: readonly string[];
  /** Directory inputs give the table files of their sub-directories too. @default false */
  readonly recursive?: boolean;
  /** The mapping, checked against its template (`checkMappingFile`): bound here to each input's header. */
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
 * Lists the inputs and reads each file's header only, so every column problem of every file is known
 * before the first row. An empty drop folder gives no inputs.
 * @throws the first source error, or one MappingInvalidError `MAPPING_INVALID` with every file's
 *   column problems.
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
