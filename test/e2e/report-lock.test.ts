import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { acquireReportLock } from '../../src/report/acquire-report-lock.js';
import { audit, envFor, ingestArgs, MAPPING, runCli, sampleCsv, startCli } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

/** A lock as another container's run leaves it: its own host name and pid 1, its last heartbeat `ageMs` ago. */
async function foreignLock(report: string, ageMs: number): Promise<void> {
  const file = `${report}.lock`;
  await writeFile(
    file,
    `${JSON.stringify({ pid: 1, hostname: 'ingest-job-28791234-x7k2p', startedAt: new Date(Date.now() - ageMs).toISOString(), id: 'gone', heartbeatMs: 10_000 })}\n`,
  );
  const at = new Date(Date.now() - ageMs);
  await utimes(file, at, at);
}

describe('the report lock across containers (built CLI, sandbox over HTTP)', () => {
  test(
    'a lock another host left without a heartbeat for over a minute is taken over; a beating one refuses the run (exit 2, nothing sent)',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const input = await sampleCsv(dir, 5);
        const report = path.join(dir, 'nightly.report.jsonl');
        await foreignLock(report, 20_000);
        const refused = await runCli(ingestArgs(input, report), envFor(sandbox, dir));
        expect([refused.code, /^error (\w+)/.exec(refused.stderr)?.[1]]).toEqual([2, 'REPORT_LOCKED']);
        expect(refused.stderr).toMatch(/last heartbeat was 2\d s ago/);
        expect(sandbox.records()).toHaveLength(0);

        await foreignLock(report, 2 * 60_000);
        const taken = await runCli(ingestArgs(input, report), envFor(sandbox, dir));
        expect(taken.code).toBe(0);
        expect(taken.stderr).toMatch(/warning REPORT_LOCK_STALE: took over the lock .*no heartbeat/);
        expect(sandbox.records()).toHaveLength(5);
        await expect(stat(`${report}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });
      }),
    60_000,
  );

  test(
    'a run paused past the stale time whose lock was taken over stops before its next append (exit 3); resumed, nothing is stored twice',
    () =>
      withSandbox({ latencyMs: 40 }, async (sandbox, dir, storeFile) => {
        const input = await sampleCsv(dir, 200);
        const report = path.join(dir, 'r.jsonl');
        const args = ['ingest', '--mapping', MAPPING, '--report', report, input, '--concurrency', '2', '--rate', '0'];
        const run = startCli(args, envFor(sandbox, dir));
        let ended = false;
        void run.done.then(() => (ended = true));
        // (Should the run end first, the assertions below say how.)
        while (sandbox.records().length < 10 && !ended) await new Promise((r) => setTimeout(r, 10));
        run.child.kill('SIGSTOP');
        // Another run comes along, sees no heartbeat (its clock says minutes passed) and takes over.
        const other = await acquireReportLock(report, {
          hostname: 'other-pod',
          clock: () => Date.now() + 5 * 60_000,
          every: () => () => undefined,
        });
        const before = await readFile(report);
        run.child.kill('SIGCONT');
        const stopped = await run.done;
        expect([stopped.code, /^error (\w+)/m.exec(stopped.stderr)?.[1]]).toEqual([3, 'REPORT_LOCK_LOST']);
        expect(stopped.stderr).toMatch(/resume with: mge-ingest ingest/);
        // Not one byte after the takeover, and the other run's lock left alone.
        expect((await readFile(report)).equals(before)).toBe(true);
        expect(JSON.parse(await readFile(`${report}.lock`, 'utf8')).hostname).toBe('other-pod');
        await other.release();

        const resumed = await runCli(args, envFor(sandbox, dir));
        expect([0, 1]).toContain(resumed.code);
        const a = await audit(storeFile, report);
        expect([a.duplicates, a.missing, a.unaccounted]).toEqual([[], [], []]);
        expect((a.byStatus['uploaded'] ?? 0) + (a.byStatus['uncertain'] ?? 0)).toBe(200);
      }),
    60_000,
  );
});
