import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { checkWorkbookFile } from '../../sources/check-workbook-file.js';
import { isDelimitedText } from '../../sources/open-table.js';
import { isMgeError } from '../../errors/mge-error.js';
import { unwritableFile } from '../../util/open-text-sink.js';
import { ReportError } from '../report-errors.js';
import { streamAnnotatedCopy } from './stream-annotated-copy.js';
import { openCsv } from '../../sources/open-csv.js';
import { listXlsxSheetNames, openXlsx } from '../../sources/open-xlsx.js';
import type { AnnotateInput } from './annotate-input.js';
import { ANNOTATE_PROBLEM_LIMIT } from './annotation-limit.js';
import { copyWholeWorkbook } from './copy-whole-workbook.js';
import { noteOf, PROBLEMS_SHEET, STATUS_HEADER, WARNING_FILL } from './mark-texts.js';

export type { AnnotateInput } from './annotate-input.js';
export { PROBLEMS_SHEET, STATUS_HEADER, WARNING_FILL } from './mark-texts.js';

/**
 * Sheet XML (inflated) above which a workbook is streamed, values only, rather than copied whole with
 * its formats: exceljs' document model takes some 20 times the XML in memory.
 */
export const STREAM_ABOVE = 32 * 1024 * 1024;

/**
 * The summary's last lines: how many problems, and, past the limit, how many are marked (the first)
 * and how many are not.
 */
function problemLines(found: number, marked: number, limit: number): [string, string | number][] {
  if (found <= marked) return [['problems', found]];
  return [
    ['problems', found],
    [
      'marked',
      `the first ${marked.toLocaleString('en-US')}: a copy marks and lists at most ${limit.toLocaleString('en-US')} problems; ` +
        `the other ${(found - marked).toLocaleString('en-US')} are not marked here`,
    ],
  ];
}

/** The hidden name the copy is written under in `out`'s folder before it is renamed onto `out` (this process's). */
function partialFile(out: string, pid = process.pid): string {
  return path.join(path.dirname(out), `.${path.basename(out)}.${pid}.partial`);
}

/** True while a process of that id runs (a signal 0 reaches it, or it is another user's). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the partial copies of `out` left by runs that were killed while writing it (their process is gone). */
async function removeStalePartials(out: string): Promise<void> {
  const prefix = `.${path.basename(out)}.`;
  const names = await readdir(path.dirname(out)).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.partial')) continue;
    const pid = Number(name.slice(prefix.length, -'.partial'.length));
    if (Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && !isRunning(pid))
      await rm(path.join(path.dirname(out), name), { force: true });
  }
}

/** Errors of the file system that say the copy cannot be written where it was asked for. */
const UNWRITABLE = new Set(['ENOENT', 'ENOTDIR', 'EACCES', 'EPERM', 'EROFS', 'EISDIR', 'ENOSPC', 'EDQUOT']);

/**
 * Writes the annotated copy ({@link writeCopy}) to a hidden file beside `out`, flushed, then renamed
 * onto it: a kill -9 mid-write used to leave a good workbook an unreadable fragment.
 * @throws ReportError `ANNOTATE_INPUT`; MgeError `ANNOTATE_FILE_UNWRITABLE` (kind `usage`).
 */
export async function writeAnnotatedCopy(
  input: AnnotateInput,
  out: string,
  options: { readonly streamAbove?: number; readonly limit?: number } = {},
): Promise<{ bytes: number }> {
  const unwritable = unwritableFile('ANNOTATE_FILE_UNWRITABLE', out, '--annotate');
  await removeStalePartials(out);
  const partial = partialFile(out);
  try {
    const written = await writeCopy(input, partial, options);
    const handle = await open(partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, out);
    return written;
  } catch (error) {
    await rm(partial, { force: true });
    // Only an error of the copy's own file: one of the input (gone, unreadable) is no unwritable copy.
    const failed = error as NodeJS.ErrnoException | undefined;
    const ours = failed?.path === partial || (failed as { dest?: string } | undefined)?.dest === out;
    if (!isMgeError(error) && ours && typeof failed?.code === 'string' && UNWRITABLE.has(failed.code)) throw unwritable(error);
    throw error;
  }
}

/**
 * Writes a copy of an input with every problem on its cell (docs/platform-workbook.md → The annotated
 * copy); a workbook through exceljs' model, fed only size-checked zip parts, a CSV as one text sheet.
 */
async function writeCopy(
  given: AnnotateInput,
  out: string,
  options: { readonly streamAbove?: number; readonly limit?: number },
): Promise<{ bytes: number }> {
  const ext = path.extname(given.file).toLowerCase();
  // The first problems up to the limit are marked; the rest only counted (memory is per problem marked).
  const limit = options.limit ?? ANNOTATE_PROBLEM_LIMIT;
  const marked = given.problems.length > limit ? given.problems.slice(0, limit) : given.problems;
  const found = Math.max(given.problemCount ?? 0, given.problems.length);
  const lines = problemLines(found, marked.length, limit);
  const input: AnnotateInput = { ...given, problems: marked };
  const streamed = { ...input, problemsSheet: PROBLEMS_SHEET, fill: WARNING_FILL, statusHeader: STATUS_HEADER, note: noteOf };
  if (ext !== '.xlsx' && ext !== '.xlsm') {
    if (!isDelimitedText(input.file)) {
      throw new ReportError(
        'ANNOTATE_INPUT',
        `cannot annotate a ${ext || 'file without an extension'}: only .xlsx, .xlsm and delimited text (.csv, .tsv, .txt) are copied`,
        { location: { field: '--annotate', file: input.file } },
      );
    }
    // A CSV file is streamed, row by row, into exceljs' streaming writer: any length in bounded memory.
    const name =
      path
        .basename(input.file)
        .replace(/[[\]:*?/\\]/g, '_')
        .slice(0, 31) || 'Sheet1';
    await streamAnnotatedCopy(
      { ...streamed, summary: [...input.summary, ...lines] },
      // Read on this thread: the writer is the slower, and a reader thread's heap cost ~24 MiB of peak memory.
      [{ name, open: () => openCsv(input.file, { headerRow: 1 }, 'main') }],
      out,
    );
    return { bytes: (await stat(out)).size };
  }
  const entries = await checkWorkbookFile(input.file);
  const sheetBytes = entries.filter((e) => e.name.startsWith('xl/worksheets/')).reduce((n, e) => n + e.uncompressedSize, 0);
  if (sheetBytes > (options.streamAbove ?? STREAM_ABOVE)) {
    // Too large to hold whole: each sheet's values streamed (formats are not kept; the note says so).
    const names = await listXlsxSheetNames(input.file);
    const tables = names.map((name) => ({ name, open: () => openXlsx(input.file, { sheet: name, headerRow: 1 }).catch(() => undefined) }));
    await streamAnnotatedCopy(
      {
        ...streamed,
        summary: [...input.summary, ['copy', 'values only: the workbook is too large to copy with its formats'], ...lines],
      },
      tables,
      out,
    );
    return { bytes: (await stat(out)).size };
  }
  return copyWholeWorkbook(input, entries, lines, out);
}
