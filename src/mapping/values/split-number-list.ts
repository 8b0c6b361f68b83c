/** How a cell of numbers was cut into elements, or why it could not be. */
export type NumberListSplit =
  { readonly ok: true; readonly pieces: readonly string[] } | { readonly ok: false; readonly expected: string; readonly message: string };

const SEMICOLONS = /\s*[;；]\s*/;
const COMMAS = /\s*[,，;；]\s*/;
/** A comma followed by exactly three digits: `1,035` reads as one number as well as two. */
const THOUSANDS_COMMA = /\d,\d{3}(?!\d)/;
const LEADING_ZERO = /^[-+−]?0\d/;

/**
 * Splits a numbers cell without `split:`: on `;`/`；` only when present (`1,035.5;1,100`), else on
 * commas unless one could be a thousands separator (`1,035`: ambiguous, reported); never with `decimal: ","`.
 */
export function splitNumberList(text: string, decimal: '.' | ',', ranges: boolean): NumberListSplit {
  const semicolons = text.includes(';') || text.includes('；');
  if (!semicolons && !ranges && decimal === '.' && THOUSANDS_COMMA.test(text)) {
    return {
      ok: false,
      expected: 'numbers separated by ; or a split: option',
      message: 'a comma here may be a thousands separator or a list separator',
    };
  }
  const pattern = semicolons || decimal === ',' ? SEMICOLONS : COMMAS;
  return {
    ok: true,
    pieces: text
      .split(pattern)
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  };
}

/** True for a number text with a leading zero (`035`), which in a list is more likely a cut `1,035` than 35. */
export function hasLeadingZero(text: string): boolean {
  return LEADING_ZERO.test(text);
}
