/** What every single-measurement script shares: reading with the product's reader, and the result line. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Reads every row of `file` through the built `openTable`; returns `{rows, check}` (check = cells seen). */
export async function readWithOpenTable(root, file) {
  const { openTable } = await import(pathToFileURL(path.join(root, 'dist/sources/open-table.js')).href);
  const table = await openTable(file);
  let rows = 0;
  let check = 0;
  for await (const row of table.rows()) {
    rows++;
    check += row.values.length;
  }
  return { rows, check };
}

/** Prints the measurement as one JSON line: rows, check, seconds, rows/s and the process's peak RSS. */
export function printMeasurement(rows, check, started) {
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(JSON.stringify({ rows, check, seconds, rowsPerSecond: rows / seconds, maxRssMiB: process.resourceUsage().maxRSS / 1024 }));
}
