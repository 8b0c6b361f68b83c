/** A plain decimal, as the mapping reads one (src/mapping/values/parse-number.ts `PLAIN`; the report layer cannot import it). */
const PLAIN = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/** Significant digits Excel keeps of a number: more are rounded away when it reads the cell. */
const EXCEL_DIGITS = 15;

/** A decimal's value as sign, significant digits and the power of ten of the last one (`-1.50` → `-`, `15`, -1). */
function decimalOf(text: string): { sign: string; digits: string; exponent: number } {
  const m = /^([-+]?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(text)!;
  const whole = `${m[2] ?? ''}${m[3] ?? ''}`;
  let exponent = Number(m[4] ?? 0) - (m[3] ?? '').length;
  let digits = whole.replace(/^0+/, '');
  const trailing = /0*$/.exec(digits)![0].length;
  digits = digits.slice(0, digits.length - trailing);
  exponent += trailing;
  return digits === '' ? { sign: '', digits: '0', exponent: 0 } : { sign: m[1] === '-' ? '-' : '', digits, exponent };
}

/**
 * The number a CSV cell's text is when a number cell can hold it exactly (a plain decimal the double
 * and Excel's 15 digits keep), so the copy never shows it rounded; else undefined, it stays text.
 */
export function exactNumber(text: string): number | undefined {
  if (!PLAIN.test(text)) return undefined;
  // A leading zero is part of an identifier's text (`007`), not of a number.
  if (/^[-+]?0\d/.test(text)) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n)) return undefined;
  const written = decimalOf(text);
  const held = decimalOf(String(n));
  if (written.digits.length > EXCEL_DIGITS) return undefined;
  return written.sign === held.sign && written.digits === held.digits && written.exponent === held.exponent ? n : undefined;
}
