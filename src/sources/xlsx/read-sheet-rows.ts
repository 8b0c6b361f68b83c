import type { ZipEntry } from '../read-zip-directory.js';
import type { RawRow } from '../raw-row.js';
import type { CellValue, InferredCell, SourceIssue } from '../source-types.js';
import type { WorkbookLimits } from '../check-workbook-file.js';
import { columnLetter } from '../column-letter.js';
import { sourceError } from '../source-error.js';
import { createXmlParser } from './parse-xml-part.js';
import { xmlPartChunks } from './xml-part-chunks.js';
import { StringItemText } from './string-item-text.js';
import { xlsxCellValue, type XlsxCellContext } from './xlsx-cell-value.js';
import type { CellFormat } from './classify-number-format.js';

/** Excel's last row and column: a sheet claiming more is damaged or hostile. */
const MAX_EXCEL_ROWS = 1_048_576;
const MAX_EXCEL_COLUMNS = 16_384;
const GENERAL: CellFormat = { code: 'General', kind: 'number', hasTime: false };

/** What the sheet reader needs besides the sheet. */
export interface SheetReadContext extends XlsxCellContext {
  readonly file: string;
  readonly sheetName: string;
  /** Number formats by style index (`s`). */
  readonly styles: readonly CellFormat[];
  readonly maxSpan: WorkbookLimits['maxSpan'];
  /** Inflated bytes of sheet XML read so far, for progress. */
  readonly progress: { bytes: number };
}

/**
 * Streams one sheet's rows, a batch per inflated chunk, so memory holds a chunk and a batch; a row's
 * span is held to `maxSpan`, since one cell in column XFD costs 16,384 in a few bytes of XML.
 */
export async function* readSheetRows(entry: ZipEntry, context: SheetReadContext): AsyncGenerator<RawRow[]> {
  const { file, sheetName } = context;
  const where = (row: number) => ({ file, sheet: sheetName, row });
  let batch: RawRow[] = [];
  let inSheetData = false;
  // The row being read.
  let rowNumber = 0;
  let cells: CellValue[] = [];
  let issues: SourceIssue[] | undefined;
  let percent: boolean[] | undefined;
  let inferred: (InferredCell | undefined)[] | undefined;
  let spanned = 0;
  let filled = 0;
  // The cell being read.
  let inCell = false;
  let column = -1;
  let type = 'n';
  let style = 0;
  let v: string | undefined;
  let formula: string | undefined;
  let inline: string | undefined;
  let capture: 'v' | 'f' | 'is' | undefined;
  const item = new StringItemText();
  let failure: Error | undefined;

  const parser = createXmlParser({
    open(name, attributes) {
      if (name === 'sheetData') inSheetData = true;
      if (!inSheetData) return;
      if (capture === 'is') return item.open(name);
      switch (name) {
        case 'row': {
          const r = attributes.r === undefined ? rowNumber + 1 : Number(attributes.r);
          if (!Number.isInteger(r) || r < 1) throw new Error(`a row is numbered "${attributes.r}"`);
          if (r > MAX_EXCEL_ROWS) {
            throw sourceError(
              'SOURCE_TOO_LARGE',
              `the sheet goes past Excel's last row (${MAX_EXCEL_ROWS})`,
              where(r),
              'this is not a normal workbook; save it again from the spreadsheet program',
            );
          }
          rowNumber = r;
          cells = [];
          issues = undefined;
          percent = inferred = undefined;
          column = -1;
          return;
        }
        case 'c':
          inCell = true;
          column = attributes.r === undefined ? column + 1 : columnOf(attributes.r, column);
          if (column >= MAX_EXCEL_COLUMNS) {
            throw sourceError(
              'SOURCE_TOO_LARGE',
              `a cell lies past Excel's last column (XFD)`,
              where(rowNumber),
              'this is not a normal workbook; save it again from the spreadsheet program',
            );
          }
          type = attributes.t ?? 'n';
          style = attributes.s === undefined ? 0 : Number(attributes.s);
          v = formula = inline = undefined;
          return;
        case 'v':
          if (inCell) {
            capture = 'v';
            v = '';
          }
          return;
        case 'f':
          if (inCell) {
            capture = 'f';
            formula = '';
          }
          return;
        case 'is':
          if (inCell) capture = 'is';
          return;
      }
    },
    close(name) {
      if (capture === 'is' && name !== 'is') return item.close(name);
      switch (name) {
        case 'sheetData':
          inSheetData = false;
          return;
        case 'v':
        case 'f':
          capture = undefined;
          return;
        case 'is':
          inline = item.take();
          capture = undefined;
          return;
        case 'c':
          if (inCell) endCell();
          inCell = false;
          return;
        case 'row':
          if (inSheetData) endRow();
          return;
      }
    },
    text(text) {
      if (capture === 'v') v += text;
      else if (capture === 'f') formula += text;
      else if (capture === 'is') item.text(text);
    },
  });

  function endCell(): void {
    const format = context.styles[style] ?? GENERAL;
    const read = xlsxCellValue({ type, v, inline, formula, format }, context);
    if (read.value === null && read.issue === undefined) return;
    filled += 1;
    while (cells.length < column) cells.push(null);
    cells[column] = read.value;
    if (read.percent) (percent ??= [])[column] = true;
    if (read.inferred) (inferred ??= [])[column] = read.inferred;
    if (read.issue)
      (issues ??= []).push({ ...read.issue, columnIndex: column, message: issueMessage(sheetName, column, rowNumber, read.issue, format) });
  }

  function endRow(): void {
    spanned += cells.length;
    if (spanned > context.maxSpan.floor + context.maxSpan.perCell * filled) {
      throw sourceError(
        'SOURCE_TOO_LARGE',
        `the sheet's rows, each counted to its last cell, span ${spanned} cells for ${filled} filled ones`,
        where(rowNumber),
        'this is not a normal workbook (cells far to the right on many rows?); delete the stray cells or save it as CSV',
      );
    }
    if (cells.length > 0 || issues) batch.push({ rowNumber, cells, issues, percent, inferred });
  }

  parser.on('error', (error) => {
    failure ??= error;
  });
  for await (const chunk of xmlPartChunks(file, entry, context.progress)) {
    parser.write(chunk);
    if (failure) throw failure;
    if (batch.length > 0) {
      yield batch;
      batch = [];
    }
  }
  parser.close();
  if (failure) throw failure;
  if (batch.length > 0) yield batch;
}

/** The 0-based column of a reference such as `AB12` (the letters); a reference without letters follows the last. */
function columnOf(ref: string, previous: number): number {
  let n = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const code = ref.charCodeAt(i) | 0x20;
    if (code < 0x61 || code > 0x7a) break;
    n = n * 26 + (code - 0x60);
  }
  return i === 0 ? previous + 1 : n - 1;
}

function issueMessage(
  sheetName: string,
  column: number,
  row: number,
  issue: NonNullable<ReturnType<typeof xlsxCellValue>['issue']>,
  format: CellFormat,
): string {
  const ref = `${sheetName}!${columnLetter(column)}${row}`;
  switch (issue.code) {
    case 'SOURCE_ERROR_CELL':
      return `${ref} holds the error ${issue.found}`;
    case 'SOURCE_FORMULA_NO_RESULT':
      return `${ref} has a formula with no saved result; open and save the file in a spreadsheet program`;
    case 'SOURCE_BAD_DATE':
      return `${ref} holds ${issue.found} under the date or time format "${format.code}", which no date or time has (the spreadsheet shows ####)`;
    default:
      return `${ref} could not be read (${issue.found})`;
  }
}
