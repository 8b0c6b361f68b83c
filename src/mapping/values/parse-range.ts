import { parseNumber } from './parse-number.js';

/** The parts of a range written in one cell. */
export type RangeParse =
  | { readonly ok: true; readonly form: 'interval'; readonly lb: string; readonly ub: string }
  | { readonly ok: true; readonly form: 'error'; readonly val: string; readonly err: string }
  | { readonly ok: false; readonly ambiguous?: boolean };

const NUM = String.raw`[-+−]?(?:\d[\d,. ]*\d|\d)(?:[eE][-+]?\d+)?`;
const BRACKETS = /^[([（［](.*)[)\]）］]$/s;
const NUM_ONLY = new RegExp(String.raw`^${NUM}$`);
// A hyphen is a separator only between two numbers; "-5--3" and "1e-5-2e-5" still split right
// because each number may carry its own sign and exponent.
const DASHED = new RegExp(String.raw`^(${NUM})\s*(?:~|～|〜|-|–|—|to)\s*(${NUM})$`);
const PLUS_MINUS = new RegExp(String.raw`^(${NUM})\s*(?:±|\+/-|\+-|\+/−)\s*(${NUM})$`);
/** Separators a bracketed range may hold: two numbers grouped in thousands up to 10^45 each. */
const MAX_SEPARATORS = 32;

/**
 * Splits a one-cell range into its number texts: `(600, 700)`, `[600,700]`, `600-700`, `600~700`,
 * `600～700` as an interval; `1035±12.5`, `1035+/-12.5` as value±error. The parts still go through
 * number parsing.
 */
export function parseRange(text: string, decimal: '.' | ',' = '.'): RangeParse {
  const t = text.trim();
  const pm = PLUS_MINUS.exec(t);
  if (pm && pm[1] !== undefined && pm[2] !== undefined) return { ok: true, form: 'error', val: pm[1], err: pm[2] };
  const inner = BRACKETS.exec(t)?.[1];
  if (inner !== undefined) return splitBracketed(inner.trim(), decimal);
  const dashed = DASHED.exec(t);
  if (dashed && dashed[1] !== undefined && dashed[2] !== undefined) return { ok: true, form: 'interval', lb: dashed[1], ub: dashed[2] };
  return { ok: false };
}

/**
 * The two bounds inside brackets. A comma may also group thousands (`(1,000, 2,000)`), so the
 * separator is, in order: a semicolon; the one comma followed by a space; the one comma where both
 * sides read as numbers. Several such commas (`(100,200,300)`) are ambiguous, reported not guessed.
 */
function splitBracketed(inner: string, decimal: '.' | ','): RangeParse {
  const cuts: number[] = [];
  const semicolons = [...inner.matchAll(/[;；]/g)].map((m) => m.index);
  const spaced = [...inner.matchAll(/[,，]\s/g)].map((m) => m.index);
  const commas = [...inner.matchAll(/[,，]/g)].map((m) => m.index);
  const candidates = semicolons.length > 0 ? semicolons : spaced.length === 1 ? spaced : commas;
  // Each cut reads both sides again: past a few dozen separators the text is no pair of numbers, and
  // trying every cut of a megabyte of `1,1,1,…` would take minutes.
  if (candidates.length > MAX_SEPARATORS) return { ok: false };
  for (const at of candidates) {
    const lb = inner.slice(0, at).trim();
    const ub = inner.slice(at + 1).trim();
    if (NUM_ONLY.test(lb) && NUM_ONLY.test(ub) && parseNumber(lb, decimal).ok && parseNumber(ub, decimal).ok) cuts.push(at);
  }
  if (cuts.length > 1) return { ok: false, ambiguous: true };
  const at = cuts[0];
  if (at === undefined) return { ok: false };
  return { ok: true, form: 'interval', lb: inner.slice(0, at).trim(), ub: inner.slice(at + 1).trim() };
}
