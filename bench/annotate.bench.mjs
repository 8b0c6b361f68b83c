/**
 * `--annotate` of a CSV file (streamed through exceljs' streaming writer), each copy in its own
 * process: 1,000 problems at two sizes, peak RSS of the larger over the smaller (target about 1:
 * memory holds the problems and one row, not the file), and rows/s of each; then 1,000, 10^5 and
 * 10^6 problems (4 a row) on one file, peak RSS of each (target ≤ 250 MiB at 10^6: a copy marks at
 * most ANNOTATE_PROBLEM_LIMIT problems and counts the rest, README → Limits), and 10^6 over 1,000:
 * what the problems cost beyond the copy itself.
 */
import path from 'node:path';
import { makeCsv } from './make-bench-data.mjs';

export async function run(ctx) {
  const { dataDir, measure, log, size } = ctx;
  const [smallRows, largeRows, manyRows] = [size(100_000), size(200_000), size(250_000)];
  log('generating data (first run only) …');
  const small = await makeCsv(path.join(dataDir, 'annotate-100k.csv'), smallRows);
  const large = await makeCsv(path.join(dataDir, 'annotate-200k.csv'), largeRows);
  const many = await makeCsv(path.join(dataDir, 'annotate-250k.csv'), manyRows);
  log('annotate 100k');
  const a = await measure('measure-annotate.mjs', [small, path.join(dataDir, 'annotate-100k.xlsx'), String(smallRows)]);
  log('annotate 200k');
  const b = await measure('measure-annotate.mjs', [large, path.join(dataDir, 'annotate-200k.xlsx'), String(largeRows)]);
  // 4 problems a row: 10^5 and 10^6 problems (a smoke run: 4 a row on its tiny file, and 10 times that).
  const [fewer, more] = ctx.smoke ? [manyRows, manyRows * 4] : [100_000, 1_000_000];
  log('annotate 1000 problems');
  const base = await measure('measure-annotate.mjs', [many, path.join(dataDir, 'annotate-problems.xlsx'), String(manyRows), '1000']);
  log(`annotate ${fewer} problems`);
  const c = await measure('measure-annotate.mjs', [many, path.join(dataDir, 'annotate-problems.xlsx'), String(manyRows), String(fewer)]);
  log(`annotate ${more} problems`);
  const d = await measure('measure-annotate.mjs', [many, path.join(dataDir, 'annotate-problems.xlsx'), String(manyRows), String(more)]);
  for (const [what, m] of [
    ['annotate 100k', a],
    ['annotate 200k', b],
    ['annotate 1000 problems', base],
    [`annotate ${fewer} problems`, c],
    [`annotate ${more} problems`, d],
  ])
    log(`${what}: ${m.rows} rows in ${m.seconds.toFixed(1)} s, peak RSS ${m.maxRssMiB.toFixed(0)} MiB`);
  const r = (name, value, unit, baseline) => ({ name, value, unit, baseline, ratio: value / baseline });
  return [
    r('annotate csv 200k peak RSS (vs 100k)', b.maxRssMiB, 'MiB', a.maxRssMiB),
    r('annotate csv 200k rows/s (vs 100k)', b.rowsPerSecond, 'rows/s', a.rowsPerSecond),
    r('annotate 10^5 problems peak RSS (vs 250 MiB)', c.maxRssMiB, 'MiB', 250),
    r('annotate 10^6 problems peak RSS (vs 250 MiB)', d.maxRssMiB, 'MiB', 250),
    r('annotate 10^6 problems peak RSS (vs 1,000 problems)', d.maxRssMiB, 'MiB', base.maxRssMiB),
  ];
}
