/** How a cell of numbers was cut into elements, or why it could not be. */
export type NumberListSplit =
  { readonly ok: true; readonly pieces: readonly string[] } | { readonly ok: false; readonly expected: string; readonly message: string };

const SEMICOLONS = /\s*[;；]\s*/;
const COMMAS = /\s*[,，;；]\s*/;
/** A comma followed by exactly three digits: `1,035` reads as one number as well as two. */
const THOUSANDS_COMMA = /\d,\d{3}(?!\d)/;
const LEADING_ZERO = /^[-+−]?0\d/;

/**
 * Splits a cell of numbers (or ranges) the mapping gave no `split:` for. A cell with `;` or `；` is
 * split on those only, so `1,035.5;1,100` keeps its thousands separators; a cell with only commas is
 * split on them unless a comma could be a thousands separator (`1,035`, `100,200,300`), which is
 * ambiguous and reported rather than guessed. With `decimal: ","` commas never split.
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
