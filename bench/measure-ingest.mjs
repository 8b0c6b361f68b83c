/**
 * One upload measurement in its own process, against a sandbox at `url`:
 * - `node bench/measure-ingest.mjs ours <url> <csv> <report>`: the whole `ingest` command in-process
 *   (read, map, validate, upload, report), concurrency 16, no rate limit;
 * - `node bench/measure-ingest.mjs bare <url> <store.jsonl>`: a bare got loop POSTing the bodies the
 *   sandbox stored in an earlier `ours` run, 16 at a time, over one keep-alive agent.
 * Prints `{rows, seconds, rowsPerSecond, cpuSeconds, rowsPerCpuSecond, maxRssMiB}`. `cpuSeconds` is this
 * process's user + system CPU over the timed part (the sandbox is another process and not counted):
 * on a shared machine wall time is noisy, the client's CPU per record much less so. For `ours` it
 * spans the whole command (template fetch, header check, report fold included), for `bare` the loop.
 */
import { createReadStream } from 'node:fs';
import { Agent } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [mode, url, file, report] = process.argv.slice(2);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const CONCURRENCY = 16;
let rows = 0;
let seconds = 0;
let cpu;
if (mode === 'bare') {
  const { got } = await import(pathToFileURL(createRequire(`${root}/package.json`).resolve('got')).href);
  const bodies = [];
  for await (const line of createInterface({ input: createReadStream(file) })) if (line) bodies.push(JSON.parse(line).sent);
  const http = got.extend({
    prefixUrl: url,
    headers: { authorization: 'Bearer sandbox-token', accept: 'application/json' },
    retry: { limit: 0 },
    responseType: 'text',
    agent: { http: new Agent({ keepAlive: true, maxSockets: 64 }) },
  });
  const started = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++];
      const res = await http.post('api/v1.1/storage/o/data/full?username=bench', { json: body });
      if (res.statusCode !== 201) throw new Error(`status ${res.statusCode}`);
      rows++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  seconds = Number(process.hrtime.bigint() - started) / 1e9;
  cpu = process.cpuUsage(cpuStart);
} else {
  const { runCli } = await import(pathToFileURL(path.join(root, 'dist/cli/run-cli.js')).href);
  // As the bin does (src/cli/main.ts): the figures are those of the process a user runs.
  (await import(pathToFileURL(path.join(root, 'dist/cli/tune-heap.js')).href)).tuneHeap();
  let out = '';
  const cpuStart = process.cpuUsage();
  const code = await runCli(
    [
      'ingest',
      '--mapping',
      path.join(root, 'mappings/steel_strength.yaml'),
      '--report',
      report,
      file,
      '--rate',
      '0',
      '--concurrency',
      String(CONCURRENCY),
      '--quiet',
      '--json',
      '--no-template-cache',
    ],
    {
      stdout: { write: (t) => (out += t) },
      stderr: { write: (t) => process.stderr.write(t) },
      env: { MGE_BASE_URL: url, MGE_TOKEN: 'sandbox-token', MGE_USERNAME: 'bench' },
      cwd: root,
    },
  );
  cpu = process.cpuUsage(cpuStart);
  if (code !== 0) throw new Error(`ingest exited with ${code}`);
  const summary = JSON.parse(out);
  rows = summary.counts.uploaded;
  seconds = summary.durationMs / 1000;
}
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
console.log(
  JSON.stringify({
    rows,
    seconds,
    rowsPerSecond: rows / seconds,
    cpuSeconds,
    rowsPerCpuSecond: rows / cpuSeconds,
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
  }),
);
