import { readFile, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { isMgeError } from '../../src/errors/mge-error.js';
import { acquireReportLock, isProcessAlive } from '../../src/report/acquire-report-lock.js';
import { tempDir } from './report-fixtures.js';

describe('acquireReportLock', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  test('creates <report>.lock with pid, host and start time, and release removes it', async () => {
    const report = join(dir, 'r.jsonl');
    const lock = await acquireReportLock(report);
    const owner = JSON.parse(await readFile(`${report}.lock`, 'utf8'));
    expect(owner).toMatchObject({ pid: process.pid, hostname: hostname() });
    expect(typeof owner.startedAt).toBe('string');
    await lock.release();
    await lock.release();
    await expect(stat(`${report}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test('a lock held by a live process refuses with REPORT_LOCKED naming the holder', async () => {
    const report = join(dir, 'r.jsonl');
    await writeFile(`${report}.lock`, JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: 'then' }));
    const error = await acquireReportLock(report, { pid: 999_999_999 }).catch((e: unknown) => e);
    expect(isMgeError(error, 'usage')).toBe(true);
    expect(isMgeError(error) && error.code).toBe('REPORT_LOCKED');
    expect(isMgeError(error) && error.details).toMatchObject({ pid: process.pid, hostname: hostname() });
  });

  test('a second acquire by the same process is refused too', async () => {
    const report = join(dir, 'r.jsonl');
    const lock = await acquireReportLock(report);
    await expect(acquireReportLock(report)).rejects.toMatchObject({ code: 'REPORT_LOCKED' });
    await lock.release();
  });

  test('a lock of a dead process on this host is stale: taken over with a warning', async () => {
    const report = join(dir, 'r.jsonl');
    const dead = 2 ** 22 + 12345;
    expect(isProcessAlive(dead)).toBe(false);
    await writeFile(`${report}.lock`, JSON.stringify({ pid: dead, hostname: hostname(), startedAt: 'then' }));
    const warnings: string[] = [];
    const lock = await acquireReportLock(report, { onWarning: (w) => warnings.push(w.code) });
    expect(warnings).toEqual(['REPORT_LOCK_STALE']);
    expect(JSON.parse(await readFile(`${report}.lock`, 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });

  test('a lock from another host cannot be checked and is respected', async () => {
    const report = join(dir, 'r.jsonl');
    await writeFile(`${report}.lock`, JSON.stringify({ pid: 1, hostname: 'elsewhere', startedAt: 'then' }));
    await expect(acquireReportLock(report, { isAlive: () => false })).rejects.toMatchObject({
      code: 'REPORT_LOCKED',
      details: { hostname: 'elsewhere' },
    });
  });

  test('an unreadable lock is stale only once it is old', async () => {
    const report = join(dir, 'r.jsonl');
    await writeFile(`${report}.lock`, '');
    await expect(acquireReportLock(report)).rejects.toMatchObject({ code: 'REPORT_LOCKED' });
    const old = new Date(Date.now() - 60_000);
    await utimes(`${report}.lock`, old, old);
    const lock = await acquireReportLock(report);
    await lock.release();
  });

  test('release leaves a lock that another run took over', async () => {
    const report = join(dir, 'r.jsonl');
    const lock = await acquireReportLock(report);
    // A takeover removes the lock and creates its own under the same name.
    await unlink(`${report}.lock`);
    await writeFile(`${report}.lock`, JSON.stringify({ pid: 4242, hostname: 'other', startedAt: 'later' }));
    await lock.release();
    expect(JSON.parse(await readFile(`${report}.lock`, 'utf8')).pid).toBe(4242);
  });
});
