/**
 * `node bench/seed-ledger-report.mjs <dry-run report> <report>`: the report an `ingest` that uploaded
 * every row would have written, made from the report of an `ingest --dry-run` of the same input (its
 * keys, hashes and locations are the real ones): the run line without `dryRun`, and per valid row an
 * `intent` and an `uploaded` line with a made-up id. For measuring a resume and `report` of a large
 * report where uploading it through a sandbox first would take longer than the measurement (a busy
 * machine uploads ~200 rows/s); the ingest measurement itself still uploads.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

const [from, to] = process.argv.slice(2);
const out = createWriteStream(to);
let id = 1000;
let inputs = [];
for await (const text of createInterface({ input: createReadStream(from), crlfDelay: Infinity })) {
  if (text === '') continue;
  const line = JSON.parse(text);
  let lines;
  if (line.type === 'run') {
    const { dryRun: _dry, ...run } = line;
    inputs = run.inputs;
    lines = [{ ...run, settings: { ...run.settings, dryRun: false } }];
  } else if (line.type === 'skipped' && line.why === 'dry-run') {
    const { why: _w, plan: _p, type: _t, ...row } = line;
    lines = [
      { type: 'intent', ...row, attempt: 1 },
      { type: 'uploaded', ...row, id: (id += 1), attempts: 1, ms: 40 },
    ];
  } else if (line.type === 'summary') {
    lines = [{ ...line, counts: { ...line.counts, uploaded: line.counts.skipped, skipped: 0 } }];
  } else lines = [line];
  for (const l of lines) if (!out.write(`${JSON.stringify(l)}\n`)) await once(out, 'drain');
}
out.end();
await once(out, 'finish');
console.error(`seeded ${id - 1000} uploaded rows of ${inputs.length} input(s)`);
