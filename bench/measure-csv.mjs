/**
 * One CSV measurement in its own process: `node bench/measure-csv.mjs <ours|bare> <file>`.
 * Prints `{rows, seconds, rowsPerSecond, maxRssMiB}`.
 */
import { createReadStream } from 'node:fs';
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
  const { parse } = await import(pathToFileURL(createRequire(`${root}/package.json`).resolve('csv-parse')).href);
  const parser = createReadStream(file).pipe(parse({ relax_column_count: true, bom: true }));
  for await (const record of parser) {
    rows++;
    check += record.length;
  }
  rows -= 1; // the header line
} else {
  ({ rows, check } = await readWithOpenTable(root, file));
}
printMeasurement(rows, check, started);
