/**
 * One annotated copy in its own process: `node bench/measure-annotate.mjs <file.csv> <out.xlsx> <rows> [problems]`.
 * `problems` (default 1,000, the same number at every size, so the measure is of the rows streamed)
 * spread over the file in row order, up to 4 a row (columns D to G), fed one row at a time through
 * the collector `validate` uses (which holds at most ANNOTATE_PROBLEM_LIMIT of them), then the copy
 * written. Prints `{rows, check (the problems), seconds, rowsPerSecond, maxRssMiB}`.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { printMeasurement } from './measure-common.mjs';

const [file, out, rowsText, problemsText = '1000'] = process.argv.slice(2);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = (p) => import(pathToFileURL(path.join(root, 'dist/report/annotate', p)).href);
const { writeAnnotatedCopy } = await dist('write-annotated-copy.js');
const { collectAnnotations } = await dist('annotation-limit.js');
const rows = Number(rowsText);
const count = Number(problemsText);
const collector = collectAnnotations();
let rowProblems = [];
const flush = () => {
  if (rowProblems.length === 0) return;
  const { row } = rowProblems[0].location;
  collector.add(rowProblems, { sheet: undefined, row, text: `invalid: ${rowProblems.length} problem(s)` });
  rowProblems = [];
};
for (let i = 0; i < count; i++) {
  const row = 2 + Math.floor((i * rows) / count);
  if (rowProblems.length > 0 && rowProblems[0].location.row !== row) flush();
  const column = 'DEFG'[i % 4];
  rowProblems.push({
    code: 'VALUE_NOT_A_NUMBER',
    message: `not a number: ${i}`,
    location: { file, sheet: undefined, row, column, cell: `${column}${row}` },
    field: 'content.x',
    expected: 'a number',
    found: `n/a ${i}`,
  });
}
flush();
const started = process.hrtime.bigint();
const { problems, statuses } = collector;
await writeAnnotatedCopy({ file, problems, problemCount: collector.count, statuses, summary: [['rows', rows]] }, out);
printMeasurement(rows, count, started);
