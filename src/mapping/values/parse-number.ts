/** The outcome of reading a number written as text. */
export type NumberParse =
  { readonly ok: true; readonly value: number } | { readonly ok: false; readonly code: 'VALUE_NOT_A_NUMBER' | 'VALUE_CENSORED' };

const CENSORED = /^(?:<=?|>=?|≤|≥|＜|＞|~|≈|ca\.?)\s*\S/;
// `\d+(?:\.\d*)?`, not `\d+\.?\d*`: the latter splits a run of digits between its two parts in every
// way before it fails, so a megabyte of digits ending in a letter took minutes.
const PLAIN = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * Reads a number the way curators write it: `1035`, `-1.5e-3`, `1,234.5`, `1 234,5` (with
 * `decimal: ','`), `1.234,5`, `−3` (Unicode minus). Bounds such as `<0.01` or `>5` are reported as
 * `VALUE_CENSORED`, never guessed. Thousands separators must sit in groups of three.
 */
export function parseNumber(text: string, decimal: '.' | ','): NumberParse {
  // Most cells are plain numbers already trimmed: a scan of their characters, no regex, no copies.
  if (isPlain(text, decimal)) return finite(Number(text));
  let t = text.trim().replace(/\u2212/g, '-');
  if (t === '') return { ok: false, code: 'VALUE_NOT_A_NUMBER' };
  if (PLAIN.test(t) && (decimal === '.' || !t.includes('.'))) return finite(Number(t));
  if (CENSORED.test(t)) return { ok: false, code: 'VALUE_CENSORED' };
  t = t.replace(/[\s\u00a0\u202f']/g, (m, offset: number) => (offset > 0 ? '_' : m));
  const thousands = decimal === '.' ? ',' : '.';
  const grouped = new RegExp(`^[-+]?\\d{1,3}(?:[_${escape(thousands)}]\\d{3})+(?:${escape(decimal)}\\d+)?(?:[eE][-+]?\\d+)?$`);
  const simple = new RegExp(`^[-+]?(?:\\d+(?:${escape(decimal)}\\d*)?|${escape(decimal)}\\d+)(?:[eE][-+]?\\d+)?$`);
  if (grouped.test(t) || simple.test(t)) {
    const normal = t.replace(/_/g, '').split(thousands).join('').replace(decimal, '.');
    return finite(Number(normal));
  }
  return { ok: false, code: 'VALUE_NOT_A_NUMBER' };
}

const PLUS = 43;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;

/** Digits from `i`; returns the index after them. */
function digits(text: string, i: number): number {
  let c = text.charCodeAt(i);
  while (c >= ZERO && c <= NINE) c = text.charCodeAt(++i);
  return i;
}

/**
 * True when `text` matches {@link PLAIN} exactly (no surrounding space) and is read the same with
 * `decimal`: the slow path would take it unchanged to `Number`.
 */
export function isPlain(text: string, decimal: '.' | ','): boolean {
  const n = text.length;
  let i = 0;
  const sign = text.charCodeAt(0);
  if (sign === PLUS || sign === MINUS) i++;
  const intEnd = digits(text, i);
  let hasDigits = intEnd > i;
  i = intEnd;
  if (text.charCodeAt(i) === DOT) {
    if (decimal !== '.') return false;
    const fracEnd = digits(text, i + 1);
    hasDigits ||= fracEnd > i + 1;
    i = fracEnd;
  }
  if (!hasDigits) return false;
  const e = text.charCodeAt(i);
  if (e === 101 || e === 69) {
    i++;
    const s = text.charCodeAt(i);
    if (s === PLUS || s === MINUS) i++;
    const expEnd = digits(text, i);
    if (expEnd === i) return false;
    i = expEnd;
  }
  return i === n;
}

/** 10^0 … 10^22: the powers of ten a double holds exactly. */
const POW10 = Array.from({ length: 23 }, (_v, i) => Number(`1e${i}`));
/** Digits whose value a double holds exactly, whatever they are (10^15 < 2^53). */
const EXACT_DIGITS = 15;

/**
 * The common number cell in one scan: `Number(text)` when plain ({@link isPlain}) and finite, else NaN
 * (then {@link parseNumber}). Up to 15 digits are an integer over a power of ten, one exact division
 * (Clinger's fast path); checking and converting apart cost two scans per number cell.
 */
export function plainNumber(text: string, decimal: '.' | ','): number {
  const n = text.length;
  let i = 0;
  let c = text.charCodeAt(0);
  const negative = c === MINUS;
  if (negative || c === PLUS) c = text.charCodeAt(++i);
  let mantissa = 0;
  let count = 0;
  while (c >= ZERO && c <= NINE) {
    mantissa = mantissa * 10 + (c - ZERO);
    count++;
    c = text.charCodeAt(++i);
  }
  let scale = 0;
  const dot = c === DOT;
  if (dot) {
    c = text.charCodeAt(++i);
    while (c >= ZERO && c <= NINE) {
      mantissa = mantissa * 10 + (c - ZERO);
      count++;
      scale++;
      c = text.charCodeAt(++i);
    }
  }
  if (i === n && count > 0 && count <= EXACT_DIGITS && (!dot || decimal === '.')) {
    const v = scale === 0 ? mantissa : mantissa / POW10[scale]!;
    return negative ? -v : v;
  }
  if (!isPlain(text, decimal)) return Number.NaN;
  const v = Number(text);
  return Number.isFinite(v) ? v : Number.NaN;
}

function escape(ch: string): string {
  return ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function finite(n: number): NumberParse {
  return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, code: 'VALUE_NOT_A_NUMBER' };
}
