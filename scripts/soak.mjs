#!/usr/bin/env node
/**
 * The fault soak: `ingest` killed with SIGKILL at random moments while a sandbox platform (its own
 * process, storing to a file, so the kills cannot touch it) answers with random faults (stored then
 * 500, connections reset, 429, 502/503, latency, an id answered again for another record), resumed
 * until a run finishes with exit 0, with and without --retry-uncertain, some through a symbolic or
 * hard link to the report (in its folder or another) and some two at once on both names (the lock
 * must let one through); then the sandbox's store is audited against the report (soak-audit.mjs):
 * no row lost, no duplicate but the re-sends asked for, each traceable to a resendOf line.
 *
 *   node scripts/soak.mjs [--minutes N] [--iterations N] [--seed S] [--rows N] [--json] [--keep DIR]
 *   npm run soak -- --minutes 60
 *   node scripts/soak.mjs audit --store FILE --report FILE --input FILE
 *
 * Runs the built CLI (npm run build first). Every choice (faults, flags, kill times) comes from the
 * seed, printed with any failure, so a run can be replayed; where a kill lands among the requests
 * still depends on the machine's timing.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { auditStore } from './soak-audit.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = path.join(ROOT, 'dist/cli/main.js');
const MAPPING = path.join(ROOT, 'mappings/steel_strength.yaml');
/** Runs of one scenario before it counts as not converging. */
const MAX_RUNS = 40;

/** mulberry32: a small seeded generator, enough to choose faults and moments. */
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: (list) => list[Math.floor(next() * list.length)], between: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)) };
}

/** The steel sample's rows, repeated with a suffix on the key until there are `rows` of them. */
function writeInput(file, rows) {
  const [header, ...lines] = readFileSync(path.join(ROOT, 'samples/steel_strength.csv'), 'utf8').trimEnd().split('\n');
  const formulas = [];
  const out = [header];
  for (let i = 0; i < rows; i++) {
    const cells = lines[i % lines.length].split(',');
    cells[1] = `${cells[1]}-${i}`;
    formulas.push(cells[1]);
    out.push(cells.join(','));
  }
  writeFileSync(file, `${out.join('\n')}\n`);
  return formulas;
}

/** Starts `mge-ingest sandbox` in a process of its own; resolves with its URL and a stop. */
async function startSandbox(args) {
  const child = spawn(process.execPath, [CLI, 'sandbox', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk) => (err += chunk));
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening at (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`the sandbox exited with ${code}: ${err}`)));
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGINT');
      await once(child, 'exit');
    },
  };
}

/** Runs the CLI; with `killAfterMs`, SIGKILLs it then if it is still running. */
function runCli(args, env, killAfterMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, killed: signal === 'SIGKILL', stdout, stderr });
    });
  });
}

/** One scenario: a sandbox with faults chosen by `rng`, kills, resumes until exit 0, the audit. */
async function scenario(rng, { rows, dir }) {
  const faults = {
    commitThenFail: rng.pick([0.05, 0.15, 0.25]),
    reset: rng.pick([0, 0.03, 0.1]),
    busy: rng.pick([0, 0.1, 0.2]),
    fail: rng.pick([0, 0.05, 0.1]),
    latencyMs: rng.pick([0, 5, 20, 40]),
    faultsOn: rng.pick(['submit', 'submit', 'submit', 'all']),
    // The report reached by another name too: runs take either, some two at once (the lock is the file's);
    // a hard link in another folder is found only by the machine's lock.
    link: rng.pick(['none', 'none', 'symlink', 'hardlink', 'hardlink-elsewhere']),
    // The same id answered for a different record: the row ends uncertain, re-sent on request.
    repeatId: rng.pick([0, 0, 0.02, 0.05]),
  };
  const store = path.join(dir, 'store.jsonl');
  const report = path.join(dir, 'report.jsonl');
  const input = path.join(dir, 'input.csv');
  const formulas = writeInput(input, rows);
  const linked = path.join(dir, ...(faults.link === 'hardlink-elsewhere' ? ['elsewhere', 'report.jsonl'] : ['report-link.jsonl']));
  if (faults.link === 'symlink') symlinkSync('report.jsonl', linked);
  if (faults.link === 'hardlink' || faults.link === 'hardlink-elsewhere') {
    mkdirSync(path.dirname(linked), { recursive: true });
    writeFileSync(report, '');
    linkSync(report, linked);
  }
  const sandbox = await startSandbox([
    '--store',
    store,
    '--seed',
    String(rng.between(1, 2 ** 30)),
    '--commit-then-fail-rate',
    String(faults.commitThenFail),
    '--reset-rate',
    String(faults.reset),
    '--busy-rate',
    String(faults.busy),
    '--retry-after',
    '0',
    '--fail-rate',
    String(faults.fail),
    '--latency',
    String(faults.latencyMs),
    '--faults-on',
    faults.faultsOn,
    '--repeat-id-rate',
    String(faults.repeatId),
  ]);
  const env = {
    MGE_BASE_URL: sandbox.url,
    MGE_TOKEN: 'sandbox-token',
    MGE_USERNAME: 'soak',
    XDG_CACHE_HOME: path.join(dir, 'cache'),
    // The machine's report locks of this scenario: a killed run's must not meet another scenario's report.
    XDG_RUNTIME_DIR: path.join(dir, 'run'),
  };
  const args = (reportName) => [
    'ingest',
    '--mapping',
    MAPPING,
    '--report',
    reportName,
    input,
    '--rate',
    '0',
    '--quiet',
    '--concurrency',
    String(rng.pick([1, 2, 4, 8])),
  ];
  const streak = rng.next() < 0.5 ? ['--max-uncertain-streak', '1000'] : [];
  const log = [];
  const problems = [];
  let kills = rng.between(1, 4);
  let withoutRetry = 0;
  let done = false;
  let locked = 0;
  try {
    for (let n = 0; n < MAX_RUNS && !done; n++) {
      // A run that may re-send is asked for at random, and always after two that could not.
      const retryUncertain = withoutRetry >= 2 || rng.next() < 0.5;
      const killAt = kills > 0 ? rng.between(0, 40 + rows * 8) : undefined;
      const base = [...args(report), ...streak];
      const viaLink = faults.link !== 'none' && rng.next() < 0.5;
      const runArgs = [...(viaLink ? [...args(linked), ...streak] : base), ...(retryUncertain ? ['--retry-uncertain'] : [])];
      // With a link, a run on the other name at the same moment: the lock lets one of them hold the
      // report (the other is refused, REPORT_LOCKED, or starts once the first is done).
      const rival =
        faults.link !== 'none' && rng.next() < 0.3
          ? runCli([...(viaLink ? base : [...args(linked), ...streak]), ...(retryUncertain ? ['--retry-uncertain'] : [])], env)
          : undefined;
      const [result, other] = await Promise.all([runCli(runArgs, env, killAt), rival]);
      log.push({ retryUncertain, killAt, viaLink, rival: other?.code, exit: result.killed ? 'killed' : result.code });
      if (killAt !== undefined) kills -= 1;
      for (const r of [result, other]) {
        if (r?.code !== 2) continue;
        if (/REPORT_LOCKED/.test(r.stderr)) locked += 1;
        else problems.push(`run ${n + 1} exited 2: ${r.stderr.slice(0, 2000)}`);
      }
      if (problems.length > 0) break;
      if (other !== undefined && ![0, 1, 2, 3].includes(other.code)) {
        problems.push(`run ${n + 1}'s rival exited ${other.code}: ${other.stderr.slice(0, 2000)}`);
        break;
      }
      if (other?.code === 0) done = true;
      if (result.code === 2) continue;
      if (result.killed) continue;
      if (![0, 1, 3].includes(result.code)) {
        problems.push(`run ${n + 1} exited ${result.code}: ${result.stderr.slice(0, 2000)}`);
        break;
      }
      done ||= result.code === 0;
      withoutRetry = retryUncertain ? 0 : withoutRetry + 1;
    }
  } finally {
    await sandbox.stop();
  }
  if (!done && problems.length === 0) problems.push(`no run finished with exit 0 in ${MAX_RUNS} runs`);
  const audit = auditStore({ storeFile: store, reportFile: report, expected: formulas });
  problems.push(...audit.problems);
  const outstanding = await runCli(['report', report, '--json'], {});
  if (done && outstanding.code !== 0)
    problems.push(`report exits ${outstanding.code} after the last run finished: ${outstanding.stderr.slice(0, 500)}`);
  return { faults, runs: log, counts: { ...audit.counts, killed: log.filter((r) => r.exit === 'killed').length, locked }, problems };
}

async function soak(options) {
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const started = Date.now();
  const root = options.keep ?? mkdtempSync(path.join(tmpdir(), 'mge-soak-'));
  const scenarios = [];
  try {
    for (let i = 0; i < options.iterations && (i === 0 || Date.now() - started < options.minutes * 60_000); i++) {
      const dir = path.join(root, `scenario-${i}`);
      mkdirSync(dir, { recursive: true });
      const result = await scenario(generator(seed + i * 7919), { rows: options.rows, dir });
      scenarios.push({ scenario: i, ...result });
      if (!options.json)
        console.error(
          `scenario ${i}: ${result.counts.runs} runs, ${result.counts.killed} killed, ${result.counts.duplicates} duplicate(s) from ${result.counts.resent} re-send(s), ${result.problems.length} problem(s)`,
        );
      if (result.problems.length > 0) break;
    }
  } finally {
    if (options.keep === undefined) rmSync(root, { recursive: true, force: true });
  }
  const failed = scenarios.filter((s) => s.problems.length > 0);
  const total = (name) => scenarios.reduce((sum, s) => sum + s.counts[name], 0);
  return {
    seed,
    ok: failed.length === 0,
    seconds: Math.round((Date.now() - started) / 1000),
    scenarios: scenarios.length,
    totals: {
      rows: total('rows'),
      runs: total('runs'),
      killed: total('killed'),
      stored: total('stored'),
      resent: total('resent'),
      duplicates: total('duplicates'),
      repeatedIds: total('repeatedIds'),
      locked: total('locked'),
      linked: scenarios.filter((s) => s.faults.link !== 'none').length,
    },
    failures: failed.map((s) => ({ scenario: s.scenario, faults: s.faults, runs: s.runs, problems: s.problems })),
    replay: `node scripts/soak.mjs --seed ${seed} --iterations ${scenarios.length} --rows ${options.rows}`,
  };
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      iterations: { type: 'string', default: '1000000' },
      minutes: { type: 'string', default: '10' },
      seed: { type: 'string' },
      rows: { type: 'string', default: '120' },
      json: { type: 'boolean', default: false },
      keep: { type: 'string' },
      store: { type: 'string' },
      report: { type: 'string' },
      input: { type: 'string' },
    },
  });
  if (positionals[0] === 'audit') {
    const [header, ...lines] = readFileSync(values.input, 'utf8').trimEnd().split('\n');
    const column = header.split(',').indexOf('formula');
    const audit = auditStore({ storeFile: values.store, reportFile: values.report, expected: lines.map((l) => l.split(',')[column]) });
    console.log(JSON.stringify(audit, null, 2));
    return audit.problems.length === 0 ? 0 : 1;
  }
  const result = await soak({
    iterations: Number(values.iterations),
    minutes: Number(values.minutes),
    seed: values.seed === undefined ? undefined : Number(values.seed),
    rows: Number(values.rows),
    json: values.json,
    keep: values.keep,
  });
  if (values.json) console.log(JSON.stringify(result, null, 2));
  else
    console.error(
      result.ok
        ? `soak passed: seed ${result.seed}, ${result.scenarios} scenarios, ${result.totals.killed} kills, ${result.totals.duplicates} requested duplicates in ${result.seconds} s`
        : `soak FAILED with seed ${result.seed}: ${JSON.stringify(result.failures, null, 2)}\nreplay: ${result.replay}`,
    );
  return result.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
