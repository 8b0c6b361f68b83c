/**
 * Whether a value is an id as the platform numbers records, templates and categories: a positive
 * safe integer. `1e300`, `-1`, `7.5` and `"7"` are not (beyond 2^53 an integer is no longer exact).
 */
export function isPositiveId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** An id written as text (a command-line argument): digits only, a positive safe integer; else undefined. */
export function parsePositiveId(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return isPositiveId(value) ? value : undefined;
}
