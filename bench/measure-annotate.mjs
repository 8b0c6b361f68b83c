/**
 * One annotated copy in its own process: `node bench/measure-annotate.mjs <file.csv> <out.xlsx>`.
 * 1,000 problems spread over the file (the same number at every size, so the measure is of the rows
 * streamed, not of the problems held). Prints `{rows, seconds, rowsPerSecond, maxRssMiB}`.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { printMeasurement } from './measure-common.mjs';

const [file, out, rowsText] = process.argv.slice(2);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { writeAnnotatedCopy } = await import(pathToFileURL(path.join(root, 'dist/report/annotate/write-annotated-copy.js')).href);
const rows = Number(rowsText);
const problems = Array.from({ length: 1000 }, (_v, i) => {
  const row = 2 + Math.floor((i * rows) / 1000);
  return {
    code: 'VALUE_NOT_A_NUMBER',
    message: 'not a number',
    location: { file, sheet: undefined, row, column: 'C', cell: `C${row}` },
    field: 'content.x',
    expected: 'a number',
    found: 'n/a',
  };
});
const statuses = problems.map((p) => ({ sheet: undefined, row: p.location.row, text: 'invalid: 1 problem(s)' }));
const started = process.hrtime.bigint();
await writeAnnotatedCopy({ file, problems, statuses, summary: [['rows', rows]] }, out);
printMeasurement(rows, problems.length, started);
