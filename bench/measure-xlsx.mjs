/**
 * One xlsx measurement in its own process: `node bench/measure-xlsx.mjs <ours|bare> <file>`.
 * Prints `{rows, seconds, rowsPerSecond, maxRssMiB}`.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [mode, file] = process.argv.slice(2);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
let rows = 0;
let check = 0;
const started = process.hrtime.bigint();
if (mode === 'bare') {
  const ExcelJS = createRequire(`${root}/package.json`)('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'ignore' });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      rows++;
      check += row.values.length;
    }
    break;
  }
  rows -= 1; // the header row
} else {
  const { openTable } = await import(pathToFileURL(path.join(root, 'dist/sources/open-table.js')).href);
  const table = await openTable(file);
  for await (const row of table.rows()) {
    rows++;
    check += row.values.length;
  }
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(JSON.stringify({ rows, check, seconds, rowsPerSecond: rows / seconds, maxRssMiB: process.resourceUsage().maxRSS / 1024 }));
