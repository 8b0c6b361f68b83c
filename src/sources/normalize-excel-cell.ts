import { decodeXlsxText } from '../util/xlsx-escape.js';
import type { CellDate, CellValue, SourceIssue } from './source-types.js';
import { earlySerialOf, excelSerialDate, formatShowsTime, wallClockDate } from './excel-serial-date.js';

/** A normalized cell, plus the issue found in it (if any). */
export interface NormalizedCell {
  readonly value: CellValue;
  readonly issue: Omit<SourceIssue, 'columnIndex' | 'message'> | undefined;
}

const EMPTY: NormalizedCell = { value: null, issue: undefined };

/**
 * Turns an exceljs cell value into a plain {@link CellValue}: a formula gives its cached result (none
 * → `SOURCE_FORMULA_NO_RESULT`), rich text is flattened, an error value (`#DIV/0!`) is `null` with
 * `SOURCE_ERROR_CELL`, a hyperlink gives its text, a Date its wall-clock calendar value. Text is
 * decoded from the workbook's `_xHHHH_` escapes (a carriage return is `_x000D_` in an Excel file),
 * which exceljs' stream reader leaves in place.
 * A formula whose cached result is an error arrives from exceljs' stream reader without a result
 * (it parses `#DIV/0!` as a number and keeps NaN on the cell): that is `SOURCE_ERROR_CELL` with
 * `found` undefined, for the caller to fill in from the sheet XML.
 * @param numFmt the cell's number format, used to tell a date from a date-time.
 * @param formulaResult the cell's own `result` (exceljs' `cell.result`), consulted for formulas only.
 */
export function normalizeExcelCell(raw: unknown, numFmt: string | undefined, formulaResult?: unknown): NormalizedCell {
  if (raw === null || raw === undefined) return EMPTY;
  switch (typeof raw) {
    case 'string':
      return raw === '' ? EMPTY : { value: decodeXlsxText(raw), issue: undefined };
    case 'number':
      return { value: Number.isFinite(raw) ? raw : null, issue: undefined };
    case 'boolean':
      return { value: raw, issue: undefined };
    case 'object':
      break;
    default:
      return { value: String(raw), issue: undefined };
  }
  if (Object.prototype.toString.call(raw) === '[object Date]') return { value: excelDate(raw as Date, numFmt), issue: undefined };
  const obj = raw as Record<string, unknown>;
  if ('error' in obj) return { value: null, issue: { code: 'SOURCE_ERROR_CELL', found: String(obj.error) } };
  if ('formula' in obj || 'sharedFormula' in obj) {
    if (!('result' in obj) || obj.result === undefined || obj.result === null) {
      if (typeof formulaResult === 'number' && Number.isNaN(formulaResult))
        return { value: null, issue: { code: 'SOURCE_ERROR_CELL', found: undefined } };
      return { value: null, issue: { code: 'SOURCE_FORMULA_NO_RESULT', found: `=${String(obj.formula ?? obj.sharedFormula)}` } };
    }
    return normalizeExcelCell(obj.result, numFmt);
  }
  if (Array.isArray(obj.richText)) {
    const text = decodeXlsxText((obj.richText as { text?: unknown }[]).map((run) => String(run.text ?? '')).join(''));
    return text === '' ? EMPTY : { value: text, issue: undefined };
  }
  if ('text' in obj) return normalizeExcelCell(obj.text, numFmt);
  if ('sharedString' in obj) return { value: null, issue: { code: 'SOURCE_UNREADABLE_CELL', found: JSON.stringify(obj) } };
  return { value: JSON.stringify(obj), issue: undefined };
}

/**
 * exceljs builds a Date whose UTC fields hold the wall-clock time Excel shows; reading the UTC fields
 * gives the same answer in every time zone. A date format without time parts and a midnight value is
 * a date only. exceljs counts every serial from 1899-12-30, so the dates before 1900-03-01 (serials
 * 1–60, where Excel counts the fictitious 1900-02-29) are read back as serials and dated by Excel's rules.
 */
export function excelDate(date: Date, numFmt: string | undefined): CellDate | null {
  const hasTime = formatShowsTime(numFmt);
  const early = earlySerialOf(date.getTime());
  return (early === undefined ? wallClockDate(date.getTime(), hasTime) : excelSerialDate(early, false, hasTime)) ?? null;
}
