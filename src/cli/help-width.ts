/** The width `--help` is laid out to: the terminal's, at most 110 columns; 100 when stdout is no terminal. */
export function helpWidth(columns: number | undefined): number {
  return Math.min(110, columns || 100);
}
