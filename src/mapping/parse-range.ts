/** The parts of a range written in one cell. */
export type RangeParse =
  | { readonly ok: true; readonly form: 'interval'; readonly lb: string; readonly ub: string }
  | { readonly ok: true; readonly form: 'error'; readonly val: string; readonly err: string }
  | { readonly ok: false };

const NUM = String.raw`[-+−]?(?:\d[\d,. ]*\d|\d)(?:[eE][-+]?\d+)?`;
const BRACKETS = new RegExp(String.raw`^[([（［]\s*(${NUM})\s*[,，;；]\s*(${NUM})\s*[)\]）］]$`);
// A hyphen is a separator only between two numbers; "-5--3" and "1e-5-2e-5" still split right
// because each number may carry its own sign and exponent.
const DASHED = new RegExp(String.raw`^(${NUM})\s*(?:~|～|〜|-|–|—|to)\s*(${NUM})$`);
const PLUS_MINUS = new RegExp(String.raw`^(${NUM})\s*(?:±|\+/-|\+-|\+/−)\s*(${NUM})$`);

/**
 * Splits a one-cell range into its number texts: `(600, 700)`, `[600,700]`, `600-700`, `600~700`,
 * `600～700` as an interval; `1035±12.5`, `1035+/-12.5` as value±error. The parts still go through
 * number parsing.
 */
export function parseRange(text: string): RangeParse {
  const t = text.trim();
  const pm = PLUS_MINUS.exec(t);
  if (pm && pm[1] !== undefined && pm[2] !== undefined) return { ok: true, form: 'error', val: pm[1], err: pm[2] };
  const br = BRACKETS.exec(t) ?? DASHED.exec(t);
  if (br && br[1] !== undefined && br[2] !== undefined) return { ok: true, form: 'interval', lb: br[1], ub: br[2] };
  return { ok: false };
}
