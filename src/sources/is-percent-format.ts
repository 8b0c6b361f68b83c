/**
 * True when an Excel number format shows its number as a percentage (`0%`, `0.0%`, `[Red]0.00%`):
 * a `%` outside quoted text, brackets and backslash escapes. Such a cell stores 0.075 and shows 7.5%.
 */
export function isPercentFormat(numFmt: string | undefined): boolean {
  if (numFmt === undefined || !numFmt.includes('%')) return false;
  return numFmt.replace(/"[^"]*"|\[[^\]]*]|\\.|[_*]./g, '').includes('%');
}
