import { mkdir, readFile, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { isMgeError } from '../../src/errors/mge-error.js';
import { acquireReportLock, type ReportLockOptions } from '../../src/report/acquire-report-lock.js';
import { createReportWriter } from '../../src/report/create-report-writer.js';
import { DEFAULT_LOCK_TIMING, judgeReportLock } from '../../src/report/judge-report-lock.js';
import { tempDir } from './report-fixtures.js';

const T0 = Date.parse('2026-11-23T02:00:00Z');
const S = 1000;

/** A clock a test moves by hand. */
function manualClock(): { now: () => number; advance: (ms: number) => void } {
  let t = T0;
  return { now: () => t, advance: (ms) => (t += ms) };
}

/** No timer: the test calls heartbeat() itself, and sees what the lock asked for. */
function manualTimer(): { every: NonNullable<ReportLockOptions['every']>; ms: () => number | undefined; stopped: () => boolean } {
  let ms: number | undefined;
  let stopped = false;
  return {
    every: (interval) => {
      ms = interval;
      return () => (stopped = true);
    },
    ms: () => ms,
    stopped: () => stopped,
  };
}

const mtimeOf = async (file: string): Promise<number> => (await stat(file)).mtimeMs;

describe('report lock heartbeat (injected clock and timer)', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  test("the holder beats every 10 s: the lock file's modification time follows its clock; release stops the timer", async () => {
    const report = join(dir, 'r.jsonl');
    const clock = manualClock();
    const timer = manualTimer();
    const lock = await acquireReportLock(report, { clock: clock.now, every: timer.every, hostname: 'pod-a' });
    expect(timer.ms()).toBe(10 * S);
    expect(JSON.parse(await readFile(`${report}.lock`, 'utf8'))).toMatchObject({
      hostname: 'pod-a',
      heartbeatMs: 10 * S,
      id: expect.any(String),
    });
    expect(await mtimeOf(`${report}.lock`)).toBe(T0);
    clock.advance(10 * S);
    lock.heartbeat();
    expect(await mtimeOf(`${report}.lock`)).toBe(T0 + 10 * S);
    await lock.release();
    expect(timer.stopped()).toBe(true);
  });

  test("another host's lock: respected while it beats, taken over 60 s after its last beat; the old holder then stops before writing", async () => {
    const report = join(dir, 'r.jsonl');
    const clock = manualClock();
    const a = await acquireReportLock(report, { clock: clock.now, every: manualTimer().every, hostname: 'pod-a' });
    const writer = await createReportWriter(report, { clock: clock.now, guard: () => a.assertHeld() });
    await writer.write({ type: 'note', text: 'before' } as never);
    const asB = {
      clock: clock.now,
      every: manualTimer().every,
      hostname: 'pod-b',
      isAlive: () => false,
      onWarning: (w: { reason: string }) => warnings.push(w.reason),
    };
    const warnings: string[] = [];

    clock.advance(50 * S);
    a.heartbeat();
    clock.advance(55 * S);
    const refused = await acquireReportLock(report, asB).catch((e: unknown) => e);
    expect(isMgeError(refused, 'usage') && [refused.code, refused.details['hostname'], refused.details['ageMs']]).toEqual([
      'REPORT_LOCKED',
      'pod-a',
      55 * S,
    ]);
    expect(refused instanceof Error && (refused as { hint?: string }).hint).toMatch(/last heartbeat was 55 s ago/);

    // A is paused: no beat for over 60 s, and B takes the report over.
    clock.advance(10 * S);
    const b = await acquireReportLock(report, asB);
    expect(warnings).toEqual(['no-heartbeat']);

    // A resumes: its next append is refused, and nothing is written after the takeover.
    const size = (await stat(report)).size;
    const lost = await writer.write({ type: 'note', text: 'after' } as never).catch((e: unknown) => e);
    expect(isMgeError(lost, 'fatal') && lost.code).toBe('REPORT_LOCK_LOST');
    expect(() => a.assertHeld()).toThrow(expect.objectContaining({ code: 'REPORT_LOCK_LOST' }));
    await writer.close().catch(() => undefined);
    expect((await stat(report)).size).toBe(size);
    await a.release();
    expect(JSON.parse(await readFile(`${report}.lock`, 'utf8')).hostname).toBe('pod-b');
    await b.release();
    await expect(stat(`${report}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test('a holder paused past the stale time whose lock nobody took keeps it: the overdue beat is made before the next append', async () => {
    const report = join(dir, 'r.jsonl');
    const clock = manualClock();
    const lock = await acquireReportLock(report, { clock: clock.now, every: manualTimer().every });
    clock.advance(5 * 60 * S);
    expect(() => lock.assertHeld()).not.toThrow();
    expect(await mtimeOf(`${report}.lock`)).toBe(T0 + 5 * 60 * S);
    await lock.release();
  });

  test('a removed lock is lost too; a legacy lock without a heartbeat is never stale by time', async () => {
    const report = join(dir, 'r.jsonl');
    const lock = await acquireReportLock(report, { every: manualTimer().every });
    await unlink(`${report}.lock`);
    expect(() => lock.assertHeld()).toThrow(expect.objectContaining({ code: 'REPORT_LOCK_LOST' }));
    await lock.release();

    await writeFile(`${report}.lock`, JSON.stringify({ pid: 7, hostname: 'old-version-host', startedAt: 'long ago' }));
    const old = new Date(Date.now() - 24 * 3600 * S);
    await utimes(`${report}.lock`, old, old);
    await expect(acquireReportLock(report, { every: manualTimer().every })).rejects.toMatchObject({ code: 'REPORT_LOCKED' });
  });

  test('a lock path that is a directory is a user error, not an internal one', async () => {
    const report = join(dir, 'r.jsonl');
    await mkdir(`${report}.lock`);
    await expect(acquireReportLock(report, { every: manualTimer().every })).rejects.toMatchObject({
      kind: 'usage',
      code: 'REPORT_LOCK_NOT_A_FILE',
    });
  });

  test('judgeReportLock: dead process of this host at once; same pid of this host (another pid namespace) by time; unreadable after 10 s', () => {
    const us = { pid: 1, hostname: 'box' };
    const beating = (pid: number, host: string) => ({ pid, hostname: host, startedAt: 'x', heartbeatMs: 10 * S });
    const judge = (holder: ReturnType<typeof beating> | undefined, ageMs: number, alive: boolean) =>
      judgeReportLock({ holder, ageMs }, us, () => alive, DEFAULT_LOCK_TIMING);
    expect(judge(beating(99, 'box'), 0, false)).toBe('dead-process');
    expect(judge(beating(99, 'box'), 0, true)).toBeUndefined();
    expect([judge(beating(1, 'box'), 59 * S, false), judge(beating(1, 'box'), 61 * S, false)]).toEqual([undefined, 'no-heartbeat']);
    expect([judge(beating(1, hostname()), 60 * S, true), judge(beating(1, 'pod'), 60 * S + 1, true)]).toEqual([undefined, 'no-heartbeat']);
    expect([judge(undefined, 9 * S, true), judge(undefined, 11 * S, true)]).toEqual([undefined, 'unreadable']);
  });
});
