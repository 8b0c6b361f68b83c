/**
 * One `validate` measurement in its own process: `node bench/measure-validate.mjs <ours|bare> <file>`.
 * `bare` is csv-parse in array mode; `ours` is read + map + validate with no upload: openTable →
 * prepareMapping → compileMapping → toMappedRows, every mapped row consumed. Prints
 * `{rows, valid, seconds, cpuSeconds, rowsPerSecond, maxRssMiB}`.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [mode, file] = process.argv.slice(2);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = (p) => import(pathToFileURL(path.join(root, 'dist', p)).href);
let rows = 0;
let valid = 0;
let started;
let cpuStart;
if (mode === 'bare') {
  const { parse } = await import(pathToFileURL(createRequire(`${root}/package.json`).resolve('csv-parse')).href);
  started = process.hrtime.bigint();
  cpuStart = process.cpuUsage();
  const parser = createReadStream(file).pipe(parse({ relax_column_count: true, bom: true }));
  for await (const record of parser) {
    rows++;
    valid += record.length > 0 ? 1 : 0;
  }
  rows -= 1; // the header line
  valid -= 1;
} else {
  const [{ openTable }, { loadMapping }, { prepareMapping }, { compileMapping }, { toMappedRows }, { parseTemplate }] = await Promise.all([
    dist('sources/open-table.js'),
    dist('mapping/load/load-mapping.js'),
    dist('mapping/check/prepare-mapping.js'),
    dist('mapping/compile/compile-mapping.js'),
    dist('mapping/rows/to-mapped-rows.js'),
    dist('template/parse-template.js'),
  ]);
  // As the bin does (src/cli/main.ts); the bare parser is left as it comes.
  (await dist('cli/tune-heap.js')).tuneHeap();
  const mappingFile = 'mappings/ucsb_thermoelectrics.yaml';
  const { spec } = loadMapping(readFileSync(path.join(root, mappingFile), 'utf8'), mappingFile);
  const templates = JSON.parse(readFileSync(path.join(root, 'samples/templates.json'), 'utf8')).templates;
  const template = parseTemplate(templates.find((t) => t.id === spec.template));
  started = process.hrtime.bigint();
  cpuStart = process.cpuUsage();
  const table = await openTable(file, spec.input);
  const compiled = compileMapping(prepareMapping(spec, template), table.header);
  for await (const mapped of toMappedRows(table.rows(), compiled)) {
    rows++;
    if (mapped.problems.length === 0) valid++;
  }
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const cpu = process.cpuUsage(cpuStart);
// CPU seconds besides wall time: on a loaded machine they tell the code's cost from the wait for a core.
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
console.log(
  JSON.stringify({ rows, valid, seconds, cpuSeconds, rowsPerSecond: rows / seconds, maxRssMiB: process.resourceUsage().maxRSS / 1024 }),
);
