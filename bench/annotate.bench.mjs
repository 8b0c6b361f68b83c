/**
 * `--annotate` of a CSV file (streamed through exceljs' streaming writer) at two sizes, each in its own
 * process: peak RSS of the larger over the smaller (target about 1: memory holds the problems and one
 * row, not the file), and rows/s of each.
 */
import path from 'node:path';
import { makeCsv } from './make-bench-data.mjs';

export async function run(ctx) {
  const { dataDir, measure, log, size } = ctx;
  const [smallRows, largeRows] = [size(100_000), size(200_000)];
  log('generating data (first run only) …');
  const small = await makeCsv(path.join(dataDir, 'annotate-100k.csv'), smallRows);
  const large = await makeCsv(path.join(dataDir, 'annotate-200k.csv'), largeRows);
  log('annotate 100k');
  const a = await measure('measure-annotate.mjs', [small, path.join(dataDir, 'annotate-100k.xlsx'), String(smallRows)]);
  log('annotate 200k');
  const b = await measure('measure-annotate.mjs', [large, path.join(dataDir, 'annotate-200k.xlsx'), String(largeRows)]);
  for (const [what, m] of [
    ['annotate 100k', a],
    ['annotate 200k', b],
  ])
    log(`${what}: ${m.rows} rows in ${m.seconds.toFixed(1)} s, peak RSS ${m.maxRssMiB.toFixed(0)} MiB`);
  const r = (name, value, unit, baseline) => ({ name, value, unit, baseline, ratio: value / baseline });
  return [
    r('annotate csv 200k peak RSS (vs 100k)', b.maxRssMiB, 'MiB', a.maxRssMiB),
    r('annotate csv 200k rows/s (vs 100k)', b.rowsPerSecond, 'rows/s', a.rowsPerSecond),
  ];
}
