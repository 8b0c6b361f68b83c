/**
 * True when a number's displayed text is that number as a percentage (0.075 shown as `7.5%`). SheetJS
 * gives no number format for the percentage cells of an .ods saved by LibreOffice (they are
 * `office:value-type="percentage"`, which it reads as plain numbers), only the text the file shows; a
 * quoted `0"%"` shows 7 as `7%`, which is not one, so the shown number must be 100 × the value to
 * within the decimals shown.
 */
export function showsAsPercent(value: number, shown: string | undefined): boolean {
  const match = shown === undefined ? null : /^\s*(-?\d+(?:\.(\d+))?)\s*%\s*$/.exec(shown);
  if (!match) return false;
  const decimals = match[2]?.length ?? 0;
  return Math.abs(value * 100 - Number(match[1])) <= 0.5 * 10 ** -decimals + 1e-9;
}
