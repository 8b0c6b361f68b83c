import type { MappedRow } from '../mapping/rows/mapped-row.js';
import { sourceValuesOf } from '../mapping/rows/lazy-mapped-row.js';
import type { SourceHeader } from '../sources/source-types.js';
import { describeRowProblem, fixColumns, openFixFile, type FixFile } from '../report/open-fix-file.js';

/** An error file being written: one line per invalid record. */
export interface ErrorFile {
  readonly file: string;
  readonly format: 'csv' | 'xlsx' | 'jsonl';
  /** Appends one invalid record (valid ones are ignored). */
  write(row: MappedRow): Promise<void>;
  /** Flushes and closes the file; safe to call twice. */
  close(): Promise<void>;
}

/** The names a row's cells go by (`sourceValues` keys): the header text, else the column letter. */
function headerKeys(header: SourceHeader): string[] {
  return Object.keys(sourceValuesOf({ header, values: [] }));
}

/**
 * Opens `validate --errors FILE` in {@link openFixFile}'s format, with the union of `headers` (an
 * `.xlsx` sheet named like the inputs' shared one), so the fixed file feeds back.
 * @throws MgeError `ERRORS_FILE_EXTENSION`, `ERRORS_FILE_UNWRITABLE` (kind `usage`).
 */
export async function openErrorFile(file: string, headers: readonly SourceHeader[]): Promise<ErrorFile> {
  const out: FixFile = await openFixFile(file, fixColumns(headers.map(headerKeys)), '--errors', { sheets: headers.map((h) => h.sheet) });
  return {
    file,
    format: out.format,
    async write(row) {
      if (row.problems.length === 0) return;
      await out.write({
        status: row.stray === true ? 'stray' : 'invalid',
        file: row.location.file,
        sheet: row.location.sheet,
        rows: row.rowNumbers,
        // A row of no record has no key of its own: what it is filed under names its id and cell.
        key: row.stray === true ? undefined : row.key,
        problems: row.problems,
        errors: row.problems.map(describeRowProblem),
        codes: [...new Set(row.problems.map((p) => p.code))],
        sourceValues: row.sourceValues,
      });
    },
    close: () => out.close(),
  };
}
