/**
 * `report --html` on a generated report of 1,000,000 uploaded and 100,000 invalid rows, against reading
 * and summarizing the same report alone (`report --json`'s work), each in its own process: the page
 * embeds at most 200,000 problems and 20,000 rows of each other list, and is written as a stream, so
 * peak RSS should stay near the fold's (the folded ledger itself is the bulk) and the page's size near
 * 100,000 problems' worth however many rows were uploaded. Also the page's bytes per embedded problem.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { makeReport } from './make-report-data.mjs';

export async function run(ctx) {
  const { dataDir, measure, log, size, repeat } = ctx;
  const invalid = size(100_000);
  log('generating the report (first run only) …');
  const report = await makeReport(path.join(dataDir, 'html-1m-up-100k-invalid.report.jsonl'), size(1_000_000), invalid);
  const out = path.join(dataDir, 'html-report.html');
  const fold = [];
  const html = [];
  const times = repeat(2);
  for (let i = 0; i < times; i++) {
    log(`fold ${i + 1}/${times}`);
    fold.push(await measure('measure-html-report.mjs', ['fold', report]));
    log(`fold + page ${i + 1}/${times}`);
    html.push(await measure('measure-html-report.mjs', ['html', report, out]));
  }
  const best = (runs) => ({
    ...runs[0],
    seconds: Math.min(...runs.map((m) => m.seconds)),
    maxRssMiB: Math.max(...runs.map((m) => m.maxRssMiB)),
  });
  const f = best(fold);
  const h = best(html);
  log(
    `fold: ${f.keys} keys in ${f.seconds.toFixed(1)} s, peak RSS ${f.maxRssMiB.toFixed(0)} MiB; with the page: ${h.seconds.toFixed(1)} s, ${h.maxRssMiB.toFixed(0)} MiB, page ${(h.bytes / 2 ** 20).toFixed(2)} MiB`,
  );
  const invalidLine = await firstLine(report, '"type":"invalid"');
  const r = (name, value, unit, baseline) => ({ name, value, unit, baseline, ratio: value / baseline });
  return [
    r('report --html 1.1M keys peak RSS (vs fold only)', h.maxRssMiB, 'MiB', f.maxRssMiB),
    r('report --html 1.1M keys seconds (vs fold only)', h.seconds, 's', f.seconds),
    // 100,000 problems and 20,000 uploaded rows embedded, against the invalid row's line in the report.
    r('report --html page bytes per problem (vs its report line)', h.bytes / invalid, 'B', Buffer.byteLength(invalidLine) + 1),
  ];
}

/** The first line of `file` that contains `text`. */
async function firstLine(file, text) {
  const lines = createInterface({ input: createReadStream(file) });
  for await (const line of lines) {
    if (line.includes(text)) {
      lines.close();
      return line;
    }
  }
  throw new Error(`no line with ${text} in ${file}`);
}
