import type { ReportLocation } from './report-lines.js';

function compareText(a: string, b: string): number {
  // Most rows share their file and sheet: skip the (slow) locale comparison for equal names.
  return a === b ? 0 : a.localeCompare(b);
}

/** Orders rows as a curator reads them: by file, then sheet, then row. */
export function compareLocations(a: ReportLocation, b: ReportLocation): number {
  return compareText(a.file, b.file) || compareText(a.sheet ?? '', b.sheet ?? '') || a.row - b.row;
}
