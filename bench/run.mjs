#!/usr/bin/env node
/**
 * Benchmark harness: runs every `bench/*.bench.mjs` (each exports `async function run(ctx)` returning
 * `{name, value, unit, baseline, ratio}` results), writes `bench/results.json` (a filtered run keeps the
 * other benchmarks' figures from the last run) and prints a table.
 * Runs against the built code in dist/ (`npm run bench` builds first). Generated data goes in
 * `bench/.data/` (git-ignored, reused between runs).
 * Usage: node --expose-gc bench/run.mjs [--smoke] [name-filter]
 *
 * `--smoke` (what `.ci/run` runs) checks that every benchmark still runs to completion: each runs on
 * tiny data (`ctx.size(n)`: about n/10,000 rows) with one repeat (`ctx.repeat(n)`), in a fresh
 * temporary folder, and its lines are printed; the figures mean nothing and `results.json` is left
 * alone. Any benchmark that throws makes the run exit 1 (after the others have run).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(benchDir);
const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const unknown = args.filter((a) => a.startsWith('-') && a !== '--smoke');
if (unknown.length > 0) {
  console.error(`bench/run.mjs: unknown option ${unknown.join(', ')} (usage: bench/run.mjs [--smoke] [name-filter])`);
  process.exit(2);
}
const dataDir = smoke ? mkdtempSync(path.join(tmpdir(), 'mge-bench-smoke-')) : path.join(benchDir, '.data');
mkdirSync(dataDir, { recursive: true });
/** Rows of generated data: n for a real run, a tiny number (at least 20) for a smoke run. */
const size = (n) => (smoke ? Math.max(20, Math.round(n / 10_000)) : n);
/** Repeats of a measurement: one in a smoke run. */
const repeat = (n) => (smoke ? 1 : n);

/**
 * Runs `node <script> ...args` in a fresh process and returns the JSON object it prints last, so each
 * measurement's peak RSS is its own.
 */
function measure(script, args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', path.join(benchDir, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${script} ${args.join(' ')} exited with ${code}`));
      const last = out.trim().split('\n').pop();
      resolve(JSON.parse(last));
    });
  });
}

const filter = args.find((a) => !a.startsWith('-'));
const modules = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.mjs') && (!filter || name.includes(filter)))
  .sort();
if (modules.length === 0) {
  console.error(`bench/run.mjs: no benchmark matches ${filter}`);
  process.exit(2);
}
const results = [];
const failed = [];
const allStarted = Date.now();
for (const name of modules) {
  const started = Date.now();
  console.error(`running ${name}${smoke ? ' (smoke: tiny data)' : ''} …`);
  const ctx = { root, benchDir, dataDir, measure, smoke, size, repeat, log: (...a) => console.error('  ', ...a) };
  try {
    const mod = await import(pathToFileURL(path.join(benchDir, name)).href);
    const mine = await mod.run(ctx);
    if (!Array.isArray(mine) || mine.length === 0) throw new Error('it returned no result');
    for (const result of mine) results.push({ bench: name.replace(/\.bench\.mjs$/, ''), ...result });
    console.error(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    failed.push(name);
    console.error(`  FAILED after ${((Date.now() - started) / 1000).toFixed(1)} s:`, error);
  }
}
if (smoke) {
  rmSync(dataDir, { recursive: true, force: true });
} else {
  // A run of some benchmarks (a filter, or one that failed) replaces their figures and keeps the
  // others' from the last run.
  const resultsFile = path.join(benchDir, 'results.json');
  const ran = new Set(results.map((r) => r.bench));
  const kept = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')).filter((r) => !ran.has(r.bench)) : [];
  writeFileSync(resultsFile, JSON.stringify([...kept, ...results], null, 2) + '\n');
}

const fmt = (v) => (typeof v === 'number' ? (Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(2)) : String(v ?? ''));
const rows = [
  ['name', 'value', 'unit', 'baseline', 'ratio'],
  ...results.map((r) => [r.name, fmt(r.value), r.unit, fmt(r.baseline), fmt(r.ratio)]),
];
const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
for (const [i, row] of rows.entries()) {
  console.log(row.map((cell, c) => (c === 0 || c === 2 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
const took = `${((Date.now() - allStarted) / 1000).toFixed(1)} s`;
if (failed.length > 0) {
  console.error(`${failed.length} of ${modules.length} benchmark(s) failed (${failed.join(', ')}) in ${took}`);
  process.exit(1);
}
console.error(`${modules.length} benchmark(s) ran in ${took}${smoke ? ' (smoke run: tiny data, the figures mean nothing)' : ''}`);
