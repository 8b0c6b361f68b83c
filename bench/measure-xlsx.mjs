/**
 * One xlsx measurement in its own process: `node bench/measure-xlsx.mjs <ours|bare> <file>`.
 * Prints `{rows, seconds, rowsPerSecond, maxRssMiB}`.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { printMeasurement, readWithOpenTable } from './measure-common.mjs';

const [mode, file] = process.argv.slice(2);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
let rows = 0;
let check = 0;
const started = process.hrtime.bigint();
if (mode === 'bare') {
  const ExcelJS = createRequire(`${root}/package.json`)('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      rows++;
      check += row.values.length;
    }
    break;
  }
  rows -= 1; // the header row
} else {
  ({ rows, check } = await readWithOpenTable(root, file));
}
printMeasurement(rows, check, started);
