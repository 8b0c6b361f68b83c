/**
 * True when a number's displayed text is it as a percentage (0.075 as `7.5%`): SheetJS gives LibreOffice
 * .ods percentage cells no format, only their text; `0"%"` showing 7 as `7%` is not one.
 */
export function showsAsPercent(value: number, shown: string | undefined): boolean {
  const match = shown === undefined ? null : /^\s*(-?\d+(?:\.(\d+))?)\s*%\s*$/.exec(shown);
  if (!match) return false;
  const decimals = match[2]?.length ?? 0;
  return Math.abs(value * 100 - Number(match[1])) <= 0.5 * 10 ** -decimals + 1e-9;
}
