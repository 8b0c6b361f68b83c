/**
 * Source readers against the bare libraries on the same generated files, each measurement in its own
 * process: rows/s (target ≥ 0.8 of the bare library) and peak RSS (target < 200 MiB, flat when the
 * file doubles, or grows tenfold for xlsx). The xlsx baseline is exceljs' stream reader, which the
 * project's own reader replaced (docs/toolchain.md): at least as fast, at most as large.
 */
import path from 'node:path';
import { makeCsv, makeXlsx } from './make-bench-data.mjs';

export async function run(ctx) {
  const { dataDir, measure, log, size, repeat } = ctx;
  log('generating data (first run only) …');
  const csv1 = await makeCsv(path.join(dataDir, 'sources-1m.csv'), size(1_000_000));
  const csv2 = await makeCsv(path.join(dataDir, 'sources-2m.csv'), size(2_000_000));
  const xlsx = await makeXlsx(ctx.root, path.join(dataDir, 'sources-100k.xlsx'), size(100_000));
  const xlsxSmall = await makeXlsx(ctx.root, path.join(dataDir, 'sources-10k.xlsx'), size(10_000));

  // Interleaved repeats, best rows/s and worst peak RSS of each: the machine may be shared, and a
  // busy neighbor should not be mistaken for the reader's cost.
  const best = async (script, mode, file, times) => {
    const runs = [];
    for (let i = 0; i < times; i++) runs.push(await measure(script, [mode, file]));
    return {
      ...runs[0],
      seconds: Math.min(...runs.map((m) => m.seconds)),
      rowsPerSecond: Math.max(...runs.map((m) => m.rowsPerSecond)),
      maxRssMiB: Math.max(...runs.map((m) => m.maxRssMiB)),
    };
  };
  const pair = async (script, file, times) => {
    const bareRuns = [];
    const oursRuns = [];
    for (let i = 0; i < times; i++) {
      log(`${script} bare ${i + 1}/${times}`);
      bareRuns.push(await best(script, 'bare', file, 1));
      log(`${script} ours ${i + 1}/${times}`);
      oursRuns.push(await best(script, 'ours', file, 1));
    }
    const merge = (runs) => ({
      ...runs[0],
      seconds: Math.min(...runs.map((m) => m.seconds)),
      rowsPerSecond: Math.max(...runs.map((m) => m.rowsPerSecond)),
      maxRssMiB: Math.max(...runs.map((m) => m.maxRssMiB)),
    });
    return [merge(bareRuns), merge(oursRuns)];
  };
  const [bare, ours] = await pair('measure-csv.mjs', csv1, repeat(3));
  log('csv 2M: openTable');
  const ours2 = await best('measure-csv.mjs', 'ours', csv2, 1);
  const [xBare, xOurs] = await pair('measure-xlsx.mjs', xlsx, repeat(2));
  log('xlsx 10k: openTable');
  const xSmall = await best('measure-xlsx.mjs', 'ours', xlsxSmall, repeat(2));
  for (const [what, m] of [
    ['csv 1M bare', bare],
    ['csv 1M ours', ours],
    ['csv 2M ours', ours2],
    ['xlsx bare', xBare],
    ['xlsx ours', xOurs],
    ['xlsx 10k ours', xSmall],
  ]) {
    log(`${what}: ${m.rows} rows in ${m.seconds.toFixed(1)} s, peak RSS ${m.maxRssMiB.toFixed(0)} MiB`);
  }
  const r = (name, value, unit, baseline) => ({ name, value, unit, baseline, ratio: value / baseline });
  return [
    r('csv 1M×20 rows/s (vs bare csv-parse)', ours.rowsPerSecond, 'rows/s', bare.rowsPerSecond),
    r('csv 1M×20 peak RSS (vs bare csv-parse)', ours.maxRssMiB, 'MiB', bare.maxRssMiB),
    r('csv 2M×20 peak RSS (vs 1M)', ours2.maxRssMiB, 'MiB', ours.maxRssMiB),
    r('csv 2M×20 rows/s (vs 1M)', ours2.rowsPerSecond, 'rows/s', ours.rowsPerSecond),
    r('xlsx 100k×20 rows/s (vs bare exceljs)', xOurs.rowsPerSecond, 'rows/s', xBare.rowsPerSecond),
    r('xlsx 100k×20 peak RSS (vs bare exceljs)', xOurs.maxRssMiB, 'MiB', xBare.maxRssMiB),
    // 2·10^5 against 2·10^6 cells in one sheet: the reader's memory must not grow with the sheet.
    r('xlsx 100k×20 peak RSS (vs 10k×20)', xOurs.maxRssMiB, 'MiB', xSmall.maxRssMiB),
  ];
}
