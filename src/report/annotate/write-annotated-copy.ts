import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RowProblem } from '../../template/record-types.js';
import { checkWorkbookFile } from '../../sources/check-workbook-file.js';
import { loadExcelJs } from '../../sources/load-exceljs.js';
import { isDelimitedText } from '../../sources/open-table.js';
import { isMgeError } from '../../errors/mge-error.js';
import { unwritableFile } from '../../util/open-text-sink.js';
import { ReportError } from '../report-errors.js';
import { streamAnnotatedCopy } from './stream-annotated-copy.js';
import { openCsv } from '../../sources/open-csv.js';
import { listXlsxSheetNames, openXlsx } from '../../sources/open-xlsx.js';

/**
 * Sheet XML (inflated) above which a workbook is streamed, values only, rather than copied whole with
 * its formats: exceljs' document model takes some 20 times the XML in memory.
 */
export const STREAM_ABOVE = 32 * 1024 * 1024;
import { checkedZipBuffer } from '../../sources/checked-zip-buffer.js';
import { filterRange, fitWidths, FIT_ROWS, frozenAt, type SheetCell } from '../open-xlsx-sheet-writer.js';
import type { RowStatus } from './row-status.js';
import { ANNOTATE_PROBLEM_LIMIT } from './annotation-limit.js';

type Worksheet = import('exceljs').Worksheet;

/** The sheet listing every problem, first in the copy. */
export const PROBLEMS_SHEET = 'Problems';
/** Header of the column added to a sheet for the rows' status. */
export const STATUS_HEADER = 'mge-ingest status';
/** The fill of a cell with a problem (docs/platform-workbook.md → The annotated copy). */
export const WARNING_FILL = 'FFFFC7CE';

/** What to annotate: the input file, every problem found in it, and the rows to mark. */
export interface AnnotateInput {
  /** The input as opened. */
  readonly file: string;
  /** The problems to mark: the first {@link ANNOTATE_PROBLEM_LIMIT} are, the rest only counted. */
  readonly problems: readonly RowProblem[];
  /**
   * Every problem found, with those the caller did not keep (`collectAnnotations`). @default the
   * number of `problems`
   */
  readonly problemCount?: number | undefined;
  readonly statuses: readonly RowStatus[];
  /** Summary lines above the problem table (`records`, `invalid`, …). */
  readonly summary: readonly (readonly [string, string | number])[];
  /**
   * Where the input's header is (a mapping's `input.headerRow` below title rows), so the status
   * column is headed on that row. @default row 1 of every sheet
   */
  readonly header?: { readonly sheet: string | undefined; readonly row: number } | undefined;
  /**
   * Columns (0-based) the mapping reads as numbers (`CompiledMapping.numberColumns`): in the copy of a
   * CSV, their cells that hold exactly a number are number cells, not text. @default none
   */
  readonly numberColumns?: ReadonlySet<number> | undefined;
}

function noteOf(problems: readonly RowProblem[]): string {
  return problems
    .map((p) =>
      [
        `${p.code}: ${p.message}`,
        p.field === undefined ? undefined : `field: ${p.field}`,
        p.expected === undefined ? undefined : `expected: ${p.expected}`,
        p.found === undefined ? undefined : `found: ${p.found}`,
      ]
        .filter((l) => l !== undefined)
        .join('\n'),
    )
    .join('\n\n');
}

/** `'Sheet 1'!D5`: a reference a hyperlink inside the workbook follows. */
function sheetRef(sheet: string, cell: string): string {
  return `'${sheet.replaceAll("'", "''")}'!${cell}`;
}

// A text cell is never a formula, whatever it starts with: text is written as it is, no `'` before it.
const people = (v: string | undefined): string => v ?? '';

/** The first row of a table on the Problems sheet: below the summary (a title and its lines) and a blank row. */
function problemsTitleRow(input: AnnotateInput): number {
  return input.summary.length + 3;
}

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

const PROBLEM_TITLES = ['cell', 'code', 'field', 'expected', 'found', 'message'];

function writeProblemsSheet(sheet: Worksheet, input: AnnotateInput, sheetOf: (p: RowProblem) => string): void {
  const titleRow = problemsTitleRow(input);
  const widths = fitWidths([
    ...input.summary.map(([label, value]): SheetCell[] => [label, value]),
    PROBLEM_TITLES,
    ...input.problems
      .slice(0, FIT_ROWS)
      .map((p): SheetCell[] => [
        `${sheetOf(p)}!${p.location.cell ?? `A${p.location.row}`}`,
        p.code,
        p.field ?? null,
        p.expected ?? null,
        p.found ?? null,
        p.message,
      ]),
  ]);
  widths.forEach((width, i) => {
    sheet.getColumn(i + 1).width = width;
  });
  sheet.views = frozenAt(titleRow);
  let r = 1;
  sheet.getCell(r, 1).value = 'Summary';
  sheet.getCell(r, 1).font = { bold: true };
  for (const [label, value] of input.summary) {
    r++;
    sheet.getCell(r, 1).value = label;
    sheet.getCell(r, 2).value = typeof value === 'number' ? value : people(value);
  }
  r += 2;
  PROBLEM_TITLES.forEach((h, i) => {
    const c = sheet.getCell(r, i + 1);
    c.value = h;
    c.font = { bold: true };
  });
  for (const p of input.problems) {
    r++;
    const name = sheetOf(p);
    const cell = p.location.cell ?? `A${p.location.row}`;
    sheet.getCell(r, 1).value = { text: `${name}!${cell}`, hyperlink: `#${sheetRef(name, cell)}` };
    sheet.getCell(r, 1).font = { color: { argb: 'FF0563C1' }, underline: true };
    [p.code, p.field, p.expected, p.found, p.message].forEach((v, i) => {
      sheet.getCell(r, i + 2).value = people(v);
    });
  }
  const problemFilter = filterRange(titleRow, r, PROBLEM_TITLES.length);
  if (problemFilter !== null) sheet.autoFilter = problemFilter;
}

/** The display text of a copied cell, to fit its column to. */
function shownText(cell: import('exceljs').Cell): string {
  return cell.value === null || cell.value === undefined ? '' : cell.text;
}

/**
 * Lays a marked sheet of a copied workbook out for reading, keeping what the curator set: the header
 * row bold and frozen (unless the sheet has a view of its own), an autofilter from the header to the
 * last row (unless it has one), and each column without a width of its own fitted to its header and
 * first rows (capped).
 */
function layOutSheet(sheet: Worksheet, headerRow: number): void {
  const header = sheet.getRow(headerRow);
  header.eachCell((cell) => {
    cell.style = { ...cell.style, font: { ...cell.style.font, bold: true } };
  });
  // A workbook read without views has none (null, whatever the type says).
  const views = (sheet.views as typeof sheet.views | null) ?? [];
  if (views.every((v) => v.state !== 'frozen' && v.state !== 'split')) sheet.views = frozenAt(headerRow);
  const filter = filterRange(headerRow, Math.max(headerRow, sheet.rowCount), sheet.columnCount);
  if ((sheet.autoFilter === undefined || sheet.autoFilter === null) && filter !== null) sheet.autoFilter = filter;
  const rows: string[][] = [];
  for (let r = headerRow; r <= Math.min(sheet.rowCount, headerRow + FIT_ROWS); r++) {
    const cells: string[] = [];
    sheet.getRow(r).eachCell({ includeEmpty: false }, (cell, column) => {
      // A merged range's other cells repeat its first: the text spans the range, not one column.
      if (!cell.isMerged) cells[column - 1] = shownText(cell);
    });
    rows.push(Array.from(cells, (c) => c ?? ''));
  }
  fitWidths(rows).forEach((width, i) => {
    const column = sheet.getColumn(i + 1);
    if (column.width === undefined) column.width = width;
  });
}

function markSheet(sheet: Worksheet, problems: readonly RowProblem[], statuses: readonly RowStatus[], headerRow: number): void {
  const byCell = new Map<string, RowProblem[]>();
  for (const p of problems) {
    // A cell with no column letter (a joined workbook's column from another sheet) marks its row's first cell.
    const key = p.location.cell !== undefined && /^[A-Z]+\d+$/i.test(p.location.cell) ? p.location.cell : `A${p.location.row}`;
    const list = byCell.get(key);
    if (list) list.push(p);
    else byCell.set(key, [p]);
  }
  for (const [ref, list] of byCell) {
    const cell = sheet.getCell(ref);
    // exceljs gives the cells of one style in the file one style object, and `cell.fill =` writes
    // into it: every cell formatted like this one (a column's number format) would turn red. The
    // cell gets a style of its own, its format kept.
    cell.style = { ...cell.style, fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: WARNING_FILL } } };
    cell.note = noteOf(list);
  }
  if (statuses.length === 0) return;
  const column = sheet.columnCount + 1;
  sheet.getCell(headerRow, column).value = STATUS_HEADER;
  sheet.getCell(headerRow, column).font = { bold: true };
  for (const s of statuses) sheet.getCell(s.row, column).value = people(s.text);
}

/** exceljs orders sheets by this (untyped) field when it writes the workbook. */
type Ordered = Worksheet & { orderNo: number };

/** Puts the Problems sheet first, keeping the order of the others. */
function moveFirst(book: import('exceljs').Workbook, first: Worksheet): void {
  const others = (book.worksheets as Ordered[]).filter((w) => w !== first).sort((a, b) => a.orderNo - b.orderNo);
  (first as Ordered).orderNo = 0;
  others.forEach((w, i) => {
    w.orderNo = i + 1;
  });
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
 * Writes a copy of an input with every problem on its cell ({@link writeCopy}) to a hidden file in
 * `out`'s folder, flushed, then renamed onto `out`, as `--html` is: a reader, and a copy already
 * there, see the old file or the new one whole, never a part (a kill -9 mid-write used to leave a good
 * workbook an unreadable fragment). A failed write removes its partial file; one left by a killed run
 * is removed by the next write of the same copy.
 * @throws ReportError `ANNOTATE_INPUT`; MgeError `ANNOTATE_FILE_UNWRITABLE` (kind `usage`) when the
 *   folder cannot take the file.
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
 * Writes a copy of an input with every problem on its cell (docs/platform-workbook.md → The annotated copy): the cell filled
 * in a warning color with a note (code, field, expected, found), a status column for the rows marked,
 * and a first sheet `Problems` with a link to each cell and a summary. A workbook is copied as exceljs
 * reads it (values, formats and formulas kept where it can), fed only the zip parts checked for size;
 * a CSV becomes one sheet of text.
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
      [{ name, open: () => openCsv(input.file, { headerRow: 1 }) }],
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
  // A workbook is copied through exceljs' document model, which keeps formats and formulas but holds
  // the workbook whole: only below STREAM_ABOVE bytes of sheet XML.
  const book = new (loadExcelJs().Workbook)();
  await book.xlsx.load((await checkedZipBuffer(input.file, entries)) as unknown as Parameters<typeof book.xlsx.load>[0]);
  const sheetOf = (p: RowProblem): string => p.location.sheet ?? book.worksheets[0]?.name ?? '';
  const names = new Set([...input.problems.map(sheetOf), ...input.statuses.map((s) => s.sheet ?? book.worksheets[0]?.name ?? '')]);
  const headerSheet = input.header === undefined ? undefined : (input.header.sheet ?? book.worksheets[0]?.name);
  for (const name of names) {
    const sheet = book.getWorksheet(name);
    if (sheet === undefined) continue;
    const headerRow = name === headerSheet ? (input.header?.row ?? 1) : 1;
    markSheet(
      sheet,
      input.problems.filter((p) => sheetOf(p) === name),
      input.statuses.filter((s) => (s.sheet ?? book.worksheets[0]?.name) === name),
      headerRow,
    );
    layOutSheet(sheet, headerRow);
  }
  let problemsName = PROBLEMS_SHEET;
  for (let i = 2; book.getWorksheet(problemsName) !== undefined; i++) problemsName = `${PROBLEMS_SHEET} ${i}`;
  const problems = book.addWorksheet(problemsName);
  writeProblemsSheet(problems, { ...input, summary: [...input.summary, ...lines] }, sheetOf);
  moveFirst(book, problems);
  await book.xlsx.writeFile(out);
  return { bytes: (await stat(out)).size };
}
