/**
 * The ledger at scale: `ingest` of N rows into a fresh report, the same command again (a resume in
 * which every row is skipped as uploaded) and `report` on that report, at 10^5 and 10^6 rows, each in a
 * process of its own against a sandbox in another (fresh for each ingest). Time and peak RSS of each,
 * and for each the ratio of the 10^6-row figure to the 10^5-row one measured in the same run: memory
 * is flat when that ratio is ≤ 1.1 (the targets: resume and `report` of 10^6 rows in ≤ 15 s, every
 * peak below 250 MiB). `MGE_BENCH_LEDGER_ROWS=20000,200000` measures other sizes (the first is the baseline).
 * `MGE_BENCH_LEDGER_SEEDED=1000000` makes the report of that size from a dry run of the input instead
 * of uploading it (`seed-ledger-report.mjs`: the real keys and hashes, made-up ids), so a busy machine
 * can measure its resume and `report`; its ingest is then not measured. The resume and `report` run
 * three times each (`MGE_BENCH_LEDGER_REPEAT`) and give the median of each figure: a single peak RSS
 * of the 10^5-row resume, which ends within ~1.2 s, ranged over 139–152 MiB from run to run, as much
 * as what the ratio is meant to show.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { makeInput, startSandboxProcess } from './ingest.bench.mjs';

export async function run(ctx) {
  const { root, dataDir, measure, log, size } = ctx;
  const sizes = (process.env.MGE_BENCH_LEDGER_ROWS ?? '100000,1000000').split(',').map((n) => size(Number(n)));
  const seeded = (process.env.MGE_BENCH_LEDGER_SEEDED ?? '')
    .split(',')
    .filter(Boolean)
    .map((n) => size(Number(n)));
  const repeat = ctx.repeat(Math.max(1, Number(process.env.MGE_BENCH_LEDGER_REPEAT ?? 3)));
  const label = (n) => (n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`);
  /** The median of each figure over `runs` measurements (the counts and report size of the first). */
  const medianOf = (runs) => {
    const mid = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    return { ...runs[0], seconds: mid(runs.map((m) => m.seconds)), maxRssMiB: mid(runs.map((m) => m.maxRssMiB)) };
  };
  const measured = [];
  for (const rows of sizes) {
    const csv = await makeInput(root, path.join(dataDir, `ingest-${label(rows)}.csv`), rows);
    const report = path.join(dataDir, `ledger-${label(rows)}.report.jsonl`);
    // The report and its ledger index: an index left by the last benchmark would be read past, but only after it is checked.
    const removeReport = () => {
      for (const file of [report, `${report}.index`]) rmSync(file, { force: true });
    };
    removeReport();
    const ingestOnce = async () => {
      const sandbox = await startSandboxProcess(root);
      try {
        return await measure('measure-ledger.mjs', ['ingest', sandbox.url, csv, report]);
      } finally {
        await sandbox.stop();
      }
    };
    let ingest;
    if (seeded.includes(rows)) {
      log(`seeding the ${label(rows)} report from a dry run`);
      const dry = path.join(dataDir, `ledger-${label(rows)}.dry.jsonl`);
      rmSync(dry, { force: true });
      const sandbox = await startSandboxProcess(root);
      try {
        await measure('measure-ledger.mjs', ['dry-run', sandbox.url, csv, dry]);
      } finally {
        await sandbox.stop();
      }
      const seeding = spawnSync(process.execPath, [path.join(ctx.benchDir, 'seed-ledger-report.mjs'), dry, report], { stdio: 'inherit' });
      if (seeding.status !== 0) throw new Error('seeding the report failed');
      rmSync(dry, { force: true });
    } else {
      log(`ingest ${label(rows)}`);
      ingest = await ingestOnce();
    }
    const resumes = [];
    for (let i = 0; i < repeat; i++) {
      log(`resume ${label(rows)} (${i + 1} of ${repeat})`);
      const resume = await ingestOnce();
      if (resume.counts.uploaded !== 0) throw new Error(`the resume of ${rows} rows uploaded again: ${JSON.stringify(resume.counts)}`);
      resumes.push(resume);
    }
    const resume = medianOf(resumes);
    const reports = [];
    for (let i = 0; i < repeat; i++) {
      log(`report ${label(rows)} (${i + 1} of ${repeat})`);
      reports.push(await measure('measure-ledger.mjs', ['report', report]));
    }
    const report_ = medianOf(reports);
    for (const [what, m] of [
      ['ingest', ingest],
      ['resume', resume],
      ['report', report_],
    ].filter(([, m]) => m !== undefined)) {
      log(
        `${what} ${label(rows)}: ${m.seconds.toFixed(1)} s, peak RSS ${m.maxRssMiB.toFixed(0)} MiB, report ${(m.reportBytes / 1e6).toFixed(0)} MB`,
      );
    }
    for (const [what, runs] of [
      ['resume', resumes],
      ['report', reports],
    ]) {
      log(`${what} ${label(rows)} peak RSS of each run: ${runs.map((m) => m.maxRssMiB.toFixed(0)).join(', ')} MiB`);
    }
    measured.push({ rows, ingest, resume, report: report_ });
    removeReport();
  }
  const [base, ...larger] = measured;
  const r = (name, value, unit, baseline) => ({ name, value, unit, baseline, ratio: baseline ? value / baseline : undefined });
  const results = [];
  for (const big of larger) {
    const at = `${label(big.rows)} (vs ${label(base.rows)})`;
    for (const what of ['ingest', 'resume', 'report'].filter((w) => big[w] !== undefined && base[w] !== undefined)) {
      results.push(r(`ledger ${what} ${at} peak RSS`, big[what].maxRssMiB, 'MiB', base[what].maxRssMiB));
      results.push(r(`ledger ${what} ${at} seconds`, big[what].seconds, 's', base[what].seconds));
    }
    results.push(r(`ledger report file after ingest + resume ${at}`, big.resume.reportBytes / 1e6, 'MB', base.resume.reportBytes / 1e6));
  }
  return results;
}
