/**
 * One ledger measurement in its own process, so its peak RSS is its own:
 * - `node bench/measure-ledger.mjs ingest <url> <csv> <report>`: the whole `ingest` command in-process
 *   (concurrency 16, no rate limit); on a report that already holds every row it is a resume;
 * - `node bench/measure-ledger.mjs dry-run <url> <csv> <report>`: the same with `--dry-run` (to seed a report);
 * - `node bench/measure-ledger.mjs report <report>`: `report --json` (fold and summary).
 * Prints `{seconds, maxRssMiB, counts, reportBytes}`; seconds are the command's wall time, the
 * ledger's fold included.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [mode, ...rest] = process.argv.slice(2);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { runCli } = await import(pathToFileURL(path.join(root, 'dist/cli/run-cli.js')).href);
// As the bin does (src/cli/main.ts): the figures are those of the process a user runs.
(await import(pathToFileURL(path.join(root, 'dist/cli/tune-heap.js')).href)).tuneHeap();
let out = '';
let argv;
let env = {};
let report;
if (mode === 'ingest' || mode === 'dry-run') {
  const [url, csv, file] = rest;
  report = file;
  argv = [
    'ingest',
    '--mapping',
    path.join(root, 'mappings/steel_strength.yaml'),
    '--report',
    file,
    csv,
    '--rate',
    '0',
    '--concurrency',
    '16',
    '--quiet',
    '--json',
    '--no-template-cache',
    ...(mode === 'dry-run' ? ['--dry-run'] : []),
  ];
  env = { MGE_BASE_URL: url, MGE_TOKEN: 'sandbox-token', MGE_USERNAME: 'bench' };
} else {
  [report] = rest;
  argv = ['report', report, '--json'];
}
const started = process.hrtime.bigint();
const code = await runCli(argv, {
  stdout: { write: (t) => (out += t) },
  stderr: { write: (t) => process.stderr.write(t) },
  env,
  cwd: root,
});
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
// 1: rows to check (on a loaded machine a request may time out and leave its row uncertain); counted, not fatal.
if (code !== 0 && code !== 1) throw new Error(`${mode} exited with ${code}`);
const { counts } = JSON.parse(out);
console.log(JSON.stringify({ seconds, maxRssMiB: process.resourceUsage().maxRSS / 1024, counts, reportBytes: statSync(report).size }));
