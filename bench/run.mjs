#!/usr/bin/env node
/**
 * Benchmark harness: runs every `bench/*.bench.mjs` (each exports `async function run(ctx)` returning
 * `{name, value, unit, baseline, ratio}` results), writes `bench/results.json` (a filtered run keeps the
 * other benchmarks' figures from the last run) and prints a table.
 * Runs against the built code in dist/ (`npm run bench` builds first). Generated data goes in
 * `bench/.data/` (git-ignored, reused between runs).
 * Usage: node --expose-gc bench/run.mjs [name-filter]
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(benchDir);
const dataDir = path.join(benchDir, '.data');
mkdirSync(dataDir, { recursive: true });

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

const filter = process.argv[2];
const modules = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.mjs') && (!filter || name.includes(filter)))
  .sort();
const results = [];
for (const name of modules) {
  const started = Date.now();
  console.error(`running ${name} …`);
  const mod = await import(pathToFileURL(path.join(benchDir, name)).href);
  const ctx = { root, benchDir, dataDir, measure, log: (...a) => console.error('  ', ...a) };
  for (const result of await mod.run(ctx)) results.push({ bench: name.replace(/\.bench\.mjs$/, ''), ...result });
  console.error(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
// A run of some benchmarks (a filter) replaces their figures and keeps the others' from the last run.
const resultsFile = path.join(benchDir, 'results.json');
const ran = new Set(modules.map((name) => name.replace(/\.bench\.mjs$/, '')));
const kept = filter && existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')).filter((r) => !ran.has(r.bench)) : [];
writeFileSync(resultsFile, JSON.stringify([...kept, ...results], null, 2) + '\n');

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
