import { formatShowsTime } from '../excel-serial-date.js';
import { isPercentFormat } from '../is-percent-format.js';

/** What a number under a format means to the person who chose the format. */
export type FormatKind =
  /** a plain number (units written into the format, `0.0\ \m\m`, are still a number) */
  | 'number'
  /** a fraction shown as a percentage: the value stays 0.075, flagged as shown as 7.5% */
  | 'percent'
  /** a calendar date, with or without a time of day */
  | 'date'
  /** elapsed time (`[h]:mm:ss`): no calendar date, read as the text it shows */
  | 'duration'
  /** LibreOffice's boolean format (`"TRUE";"TRUE";"FALSE"`): 0 is false, anything else true */
  | 'boolean';

/** A number format as the reader applies it. */
export interface CellFormat {
  readonly code: string;
  readonly kind: FormatKind;
  /** For dates: the format shows a time of day, so midnight keeps `T00:00:00`. */
  readonly hasTime: boolean;
}

/** The number-format calls of SheetJS's SSF module (its typings leave them untyped). */
export interface NumberFormats {
  is_date(this: void, format: string): boolean;
  format(this: void, format: string, value: number): string;
  get_table(this: void): Record<number, string>;
}

/**
 * Built-in formats ECMA-376 (18.8.30) leaves to the locale and SheetJS's table omits: 27–36 and 50–58
 * are the East Asian date and time formats, 5–8 currency. These are the zh-CN codes, which is what a
 * Chinese Excel shows for them; only their kind matters to the reader.
 */
const LOCALE_BUILT_INS: Readonly<Record<number, string>> = {
  5: '"¥"#,##0;"¥"\\-#,##0',
  6: '"¥"#,##0;[Red]"¥"\\-#,##0',
  7: '"¥"#,##0.00;"¥"\\-#,##0.00',
  8: '"¥"#,##0.00;[Red]"¥"\\-#,##0.00',
  27: 'yyyy"年"m"月"',
  28: 'm"月"d"日"',
  29: 'm"月"d"日"',
  30: 'm-d-yy',
  31: 'yyyy"年"m"月"d"日"',
  32: 'h"时"mm"分"',
  33: 'h"时"mm"分"ss"秒"',
  34: '上午/下午h"时"mm"分"',
  35: '上午/下午h"时"mm"分"ss"秒"',
  36: 'yyyy"年"m"月"',
  50: 'yyyy"年"m"月"',
  51: 'm"月"d"日"',
  52: 'yyyy"年"m"月"',
  53: 'm"月"d"日"',
  54: 'm"月"d"日"',
  55: '上午/下午h"时"mm"分"',
  56: '上午/下午h"时"mm"分"ss"秒"',
  57: 'yyyy"年"m"月"',
  58: 'm"月"d"日"',
};

/** The code of a built-in format id (0 is General). */
export function builtInFormat(formats: NumberFormats, id: number): string {
  return formats.get_table()[id] ?? LOCALE_BUILT_INS[id] ?? 'General';
}

/**
 * Classifies a format code (see {@link FormatKind}). Dates are SheetJS's `is_date`, which reads a format the way Excel does:
 * `d`, `m` or `s` escaped (`0.0\ \m\m`) or quoted are literal text, not date parts. An elapsed-time
 * bracket (`[h]`, `[mm]`, `[s]`) makes a duration, which `is_date` would call a date.
 */
export function classifyNumberFormat(formats: NumberFormats, code: string): CellFormat {
  if (isElapsed(code)) return { code, kind: 'duration', hasTime: true };
  if (isBooleanFormat(code)) return { code, kind: 'boolean', hasTime: false };
  if (safeIsDate(formats, code)) return { code, kind: 'date', hasTime: formatShowsTime(code) };
  return { code, kind: isPercentFormat(code) ? 'percent' : 'number', hasTime: false };
}

/**
 * LibreOffice keeps a boolean formula result (`=A1>0`) as the number 1 or 0 under a format of three
 * quoted words, the positive and negative ones the same (`"TRUE";"TRUE";"FALSE"`, or the words of the
 * writer's language): what it shows, and means, is a boolean.
 */
function isBooleanFormat(code: string): boolean {
  const m = /^"([^"]+)";"([^"]+)";"([^"]+)"$/.exec(code);
  return m !== null && m[1] === m[2] && m[1] !== m[3];
}

function isElapsed(code: string): boolean {
  return /\[(h+|m+|s+)]/i.test(code.replace(/"[^"]*"|\\./g, ''));
}

function safeIsDate(formats: NumberFormats, code: string): boolean {
  try {
    return formats.is_date(code);
  } catch {
    return false;
  }
}
