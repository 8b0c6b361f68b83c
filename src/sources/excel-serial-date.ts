import type { CellDate } from './source-types.js';

const DAY_MS = 86_400_000;
/** 1899-12-30: day 0 of the serial numbers from 61 on (1900 system), and of time-only values. */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
/** 1904-01-01: day 0 of the 1904 date system (old Mac Excel; a workbook setting). */
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/**
 * A date serial as the calendar value the sheet shows, with Lotus 1-2-3's 1900 leap-year bug kept
 * (docs/mapping.md#what-a-cell-gives-by-file-format); a time alone sits on 1899-12-30.
 * @param hasTime the number format shows a time ({@link formatShowsTime}): midnight keeps `T00:00:00`.
 * @returns undefined for a negative or non-finite serial (not a date Excel shows).
 */
export function excelSerialDate(serial: number, date1904: boolean, hasTime: boolean): CellDate | undefined {
  if (!Number.isFinite(serial) || serial < 0) return undefined;
  const exact = Math.round(serial * 86_400) / 86_400;
  if (date1904) return calendarDate(EPOCH_1904, exact, hasTime);
  if (exact >= 60 && exact < 61) {
    const time = calendarDate(EPOCH_1900, exact - 60, true).iso.slice(10);
    return { kind: 'date', iso: time === 'T00:00:00' && !hasTime ? '1900-02-29' : `1900-02-29${time}` };
  }
  return calendarDate(EPOCH_1900, exact >= 1 && exact < 60 ? exact + 1 : exact, hasTime);
}

/**
 * The calendar value `days` (fractional: the time of day) after 1899-12-30, or after 1904-01-01 with
 * `date1904`, counting every real day: for day counts that have no leap-year bug to undo.
 */
export function daysAfterEpoch(days: number, date1904: boolean, hasTime: boolean): CellDate | undefined {
  if (!Number.isFinite(days)) return undefined;
  return calendarDate(date1904 ? EPOCH_1904 : EPOCH_1900, days, hasTime);
}

/** A Date whose UTC fields hold a wall-clock time (what the readers build), as a calendar value. */
export function wallClockDate(utcMs: number, hasTime: boolean): CellDate | undefined {
  if (!Number.isFinite(utcMs)) return undefined;
  return calendarDate(0, utcMs / DAY_MS, hasTime);
}

/**
 * Undoes the leap-year bug in a Date that exceljs built counting from 1899-12-30 (dates before
 * 1900-03-01 one day early, 1900-02-29 as the 28th).
 * @returns the serial number the spreadsheet holds, or undefined when the date is not that early.
 */
export function earlySerialOf(utcMs: number): number | undefined {
  if (utcMs >= Date.UTC(1900, 2, 1)) return undefined;
  return (utcMs - EPOCH_1900) / DAY_MS;
}

/**
 * Whether a number format shows a time of day (`h`, `s`, outside brackets, quoted text and the
 * escapes `\s`, `_s` and `*s`, which show a literal character or pad with one).
 */
export function formatShowsTime(numFmt: string | undefined): boolean {
  if (!numFmt) return false;
  const bare = numFmt.replace(/\[[^\]]*]|"[^"]*"|[\\_*]./g, '');
  return /[hs]/i.test(bare);
}

function calendarDate(epoch: number, days: number, hasTime: boolean): CellDate {
  // Round to the second: times are day fractions, which rarely land on an exact millisecond.
  const d = new Date(epoch + Math.round(days * 86_400) * 1000);
  const day = `${String(d.getUTCFullYear()).padStart(4, '0')}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const h = d.getUTCHours();
  const m = d.getUTCMinutes();
  const s = d.getUTCSeconds();
  if (h === 0 && m === 0 && s === 0 && !hasTime) return { kind: 'date', iso: day };
  return { kind: 'date', iso: `${day}T${pad(h)}:${pad(m)}:${pad(s)}` };
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
