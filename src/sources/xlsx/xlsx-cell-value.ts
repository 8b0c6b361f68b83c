import { decodeXlsxText } from '../../util/xlsx-escape.js';
import { excelSerialDate, wallClockDate } from '../excel-serial-date.js';
import type { CellValue, InferredCell, SourceIssue } from '../source-types.js';
import type { CellFormat, NumberFormats } from './classify-number-format.js';

/** One `<c>` element as the sheet holds it. */
export interface XlsxCell {
  /** The `t` attribute: `n` (the default), `s`, `str`, `inlineStr`, `b`, `e`, `d`. */
  readonly type: string;
  /** The text of `<v>`, undefined when the cell has none. */
  readonly v: string | undefined;
  /** The text of `<is>` (inline strings), undefined when the cell has none. */
  readonly inline: string | undefined;
  /** The formula's text when the cell has `<f>` (empty for a shared formula's followers). */
  readonly formula: string | undefined;
  readonly format: CellFormat;
}

/** What the workbook says about every cell. */
export interface XlsxCellContext {
  readonly sharedStrings: readonly string[];
  readonly date1904: boolean;
  readonly formats: NumberFormats;
}

/** A cell's value, or the issue that replaces it. */
export interface ReadCell {
  readonly value: CellValue;
  readonly issue?: Omit<SourceIssue, 'columnIndex' | 'message'>;
  /** The number was shown as a percentage (the value is the fraction). */
  readonly percent?: boolean;
  /** A number typed by its format (date, percent, duration, boolean): what it held and the format. */
  readonly inferred?: InferredCell;
}

const EMPTY: ReadCell = { value: null };

/**
 * A cell's value by ECMA-376 (18.18.11, ST_CellType) and as its number format shows it, a formula's
 * cached result by the same rules; `_xHHHH_` escapes decoded here, entities by the parser.
 */
export function xlsxCellValue(cell: XlsxCell, context: XlsxCellContext): ReadCell {
  const { type, v } = cell;
  if (type === 'inlineStr') return cell.inline === undefined || cell.inline === '' ? textOrFormula(cell) : { value: cell.inline };
  if (v === undefined) return textOrFormula(cell);
  // An empty `<v/>` is an empty text result for `str`, and no value at all for the other types.
  if (type !== 'str' && v.trim() === '') return textOrFormula(cell);
  switch (type) {
    case 's': {
      const text = context.sharedStrings[Number(v)];
      if (text === undefined) return { value: null, issue: { code: 'SOURCE_UNREADABLE_CELL', found: `shared string ${v}` } };
      return text === '' ? EMPTY : { value: text };
    }
    case 'str':
      return v === '' ? EMPTY : { value: decodeXlsxText(v) };
    case 'b':
      return { value: v.trim() === '1' || v.trim().toLowerCase() === 'true' };
    case 'e':
      return { value: null, issue: { code: 'SOURCE_ERROR_CELL', found: v } };
    case 'd':
      return isoCell(v, cell.format);
    default:
      return numberCell(v, cell.format, context);
  }
}

/** No value: a formula without a cached result says so; anything else is an empty cell. */
function textOrFormula(cell: XlsxCell): ReadCell {
  if (cell.formula === undefined) return EMPTY;
  return { value: null, issue: { code: 'SOURCE_FORMULA_NO_RESULT', found: cell.formula === '' ? '=…' : `=${cell.formula}` } };
}

function numberCell(v: string, format: CellFormat, context: XlsxCellContext): ReadCell {
  const n = Number(v);
  if (!Number.isFinite(n)) return { value: null, issue: { code: 'SOURCE_UNREADABLE_CELL', found: v } };
  switch (format.kind) {
    case 'date': {
      const inferred: InferredCell = { kind: 'date', raw: n, format: format.code };
      const date = n < 0 ? undefined : excelSerialDate(n, context.date1904, format.hasTime);
      return date === undefined ? badDate(n, inferred) : { value: date, inferred };
    }
    case 'duration': {
      const inferred: InferredCell = { kind: 'duration', raw: n, format: format.code };
      return n < 0 ? badDate(n, inferred) : { value: context.formats.format(format.code, n), inferred };
    }
    case 'percent':
      return { value: n, percent: true, inferred: { kind: 'percent', raw: n, format: format.code } };
    case 'boolean':
      return { value: n !== 0, inferred: { kind: 'boolean', raw: n, format: format.code } };
    default:
      return { value: n };
  }
}

/** A negative number under a date or time format: Excel shows `####`, there is no date to send. */
function badDate(n: number, inferred: InferredCell): ReadCell {
  return { value: null, issue: { code: 'SOURCE_BAD_DATE', found: String(n) }, inferred };
}

/**
 * A `t="d"` cell: ISO 8601 text, read as the wall-clock value it names (a zone, if any, dropped), to
 * the nearest second as serials are.
 */
function isoCell(v: string, format: CellFormat): ReadCell {
  const m = /^\s*(-?\d{4,})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}(?:[.,]\d+)?))?)?/.exec(v);
  if (!m) return { value: null, issue: { code: 'SOURCE_UNREADABLE_CELL', found: v } };
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const at = new Date(0);
  at.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  at.setUTCHours(Number(h), Number(mi), 0, Math.round(Number(s.replace(',', '.')) * 1000));
  const date = wallClockDate(at.getTime(), format.hasTime);
  return date === undefined ? { value: null, issue: { code: 'SOURCE_UNREADABLE_CELL', found: v } } : { value: date };
}
