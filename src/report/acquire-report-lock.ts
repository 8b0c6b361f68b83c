import { randomUUID } from 'node:crypto';
import { fstatSync, futimesSync, statSync } from 'node:fs';
import { link, lstat, open, readFile, stat, unlink, type FileHandle } from 'node:fs/promises';
import { hostname as osHostname } from 'node:os';
import path from 'node:path';
import { identifyPath } from '../util/identify-path.js';
import { fileKindText } from '../util/file-kind-text.js';
import {
  DEFAULT_LOCK_TIMING,
  judgeReportLock,
  parseLockOwner,
  type FoundLock,
  type LockOwner,
  type LockTiming,
  type StaleReason,
} from './judge-report-lock.js';
import { ReportError } from './report-errors.js';

export type { LockOwner } from './judge-report-lock.js';

/** A held report lock. */
export interface ReportLock {
  readonly file: string;
  readonly owner: LockOwner;
  /**
   * Throws `REPORT_LOCK_LOST` (kind `fatal`, exit 3) unless the lock file is still this run's; called
   * before every append to the report, so a run whose lock was taken over writes nothing more. When
   * the heartbeat is overdue (the process was paused, the machine slept), it is refreshed first.
   */
  assertHeld(): void;
  /** Refreshes the heartbeat now (a timer does it every `heartbeatMs`), and notices a takeover. */
  heartbeat(): void;
  /** Stops the heartbeat and removes the lock file if it is still ours; safe to call twice. */
  release(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

export interface ReportLockOptions {
  /** @default process.pid */
  readonly pid?: number;
  /** @default os.hostname() */
  readonly hostname?: string;
  /** Epoch ms: the lock's heartbeats and the age of a lock found in place. @default Date.now */
  readonly clock?: () => number;
  /** Whether a process of this host is alive. @default signal 0 via process.kill */
  readonly isAlive?: (pid: number) => boolean;
  /** Told when a stale lock is taken over (`REPORT_LOCK_STALE`). */
  readonly onWarning?: (warning: { code: string; file: string; owner: LockOwner | undefined; reason: StaleReason }) => void;
  /** Heartbeat and stale times. @default DEFAULT_LOCK_TIMING (10 s, 60 s) */
  readonly timing?: Partial<LockTiming>;
  /** Calls `beat` every `ms` until the returned stop is called. @default an unref'd setInterval */
  readonly every?: (ms: number, beat: () => void) => () => void;
}

/** `process.kill(pid, 0)`: ESRCH means no such process; EPERM means it exists under another user. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function realEvery(ms: number, beat: () => void): () => void {
  const timer = setInterval(beat, ms);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Creates the lock with its owner and its first heartbeat; undefined when one is in place. The owner
 * is written to a file of this run's own first, then linked under the lock's name (which fails when a
 * lock exists, as O_EXCL does): so the lock never exists empty. Created empty and then written, a run
 * killed between the two left a lock no one could read, which blocked every later run for
 * `unreadableStaleMs` (the kill -9 soak caught it).
 */
async function tryCreate(file: string, owner: LockOwner, now: number): Promise<FileHandle | undefined> {
  const own = `${file}.${owner.id ?? randomUUID()}.new`;
  let handle: FileHandle;
  try {
    handle = await open(own, 'wx');
  } catch (error) {
    throw new ReportError('REPORT_LOCK_FAILED', `Cannot create the lock file ${file}`, {
      location: { file },
      hint: 'The report folder must exist and be writable.',
      cause: error,
    });
  }
  try {
    await handle.write(`${JSON.stringify(owner)}\n`);
    await handle.utimes(new Date(now), new Date(now));
    await handle.datasync();
    try {
      await link(own, file);
    } catch (error) {
      await handle.close();
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
      throw new ReportError('REPORT_LOCK_FAILED', `Cannot create the lock file ${file}`, {
        location: { file },
        hint: 'The report folder must exist and be writable.',
        cause: error,
      });
    }
    return handle;
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  } finally {
    // The lock holds the same file under its own name; a kill before this leaves only this name behind.
    await unlink(own).catch(() => undefined);
  }
}

/** The lock in place: its owner, age and identity; undefined when it went away meanwhile. */
async function inspect(file: string, now: () => number): Promise<(FoundLock & { ino: number; mtimeMs: number }) | undefined> {
  const info = await lstat(file).catch(() => undefined);
  if (info === undefined) return undefined;
  if (!info.isFile()) {
    throw new ReportError('REPORT_LOCK_NOT_A_FILE', `the report's lock ${file} is ${fileKindText(info)}, not a regular file`, {
      location: { file },
      hint: 'Remove it, or name another report: the lock is a small file the run creates next to the report and removes at the end.',
    });
  }
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  return { holder: parseLockOwner(text), ageMs: now() - info.mtimeMs, ino: info.ino, mtimeMs: info.mtimeMs };
}

function lockedError(reportFile: string, file: string, found: FoundLock, timing: LockTiming): ReportError {
  const { holder } = found;
  const seconds = (ms: number): string => `${Math.max(0, Math.round(ms / 1000))} s`;
  const beat =
    holder?.heartbeatMs !== undefined
      ? `; its last heartbeat was ${seconds(found.ageMs)} ago, and it is taken over once none came for ${seconds(timing.staleMs)}`
      : '';
  return new ReportError('REPORT_LOCKED', `Another run is writing the report ${reportFile}`, {
    location: { file: reportFile },
    hint: holder
      ? `Process ${holder.pid} on ${holder.hostname} (started ${holder.startedAt}) holds ${file}${beat}. Wait for it to finish${holder.heartbeatMs === undefined ? '; if it is surely gone, delete the lock file' : ''}.`
      : `${file} is being written by another run. If no run is active, delete the lock file.`,
    details: { lockFile: file, ageMs: found.ageMs, ...(holder ? { pid: holder.pid, hostname: holder.hostname } : {}) },
  });
}

/** The run's part of a lock: who it is, its clock and timing. */
interface Taking {
  readonly owner: LockOwner;
  readonly clock: () => number;
  readonly isAlive: (pid: number) => boolean;
  readonly timing: LockTiming;
  readonly onWarning: ReportLockOptions['onWarning'];
}

/**
 * Where the lock by file identity of the existing report `realFile` is: `.<device>-<inode>.lock` in its
 * folder. Every hard link of the report in that folder, and every symbolic link to it, leads to it.
 */
export async function reportInodeLockFile(realFile: string): Promise<string> {
  const info = await stat(realFile, { bigint: true });
  return path.join(path.dirname(realFile), `.${info.dev}-${info.ino}.lock`);
}

/** The report's real path: symbolic links followed; a dangling one to the file a write would create. */
export async function realReportPath(reportFile: string): Promise<string> {
  return (await identifyPath(reportFile, process.cwd())).real;
}

/** Creates the report, empty, when it does not exist (through a dangling link: its target), so that it has an inode. */
async function ensureReport(realFile: string, reportFile: string): Promise<void> {
  try {
    await (await open(realFile, 'a')).close();
  } catch (error) {
    throw new ReportError('REPORT_LOCK_FAILED', `Cannot create the report ${reportFile}`, {
      location: { file: reportFile },
      hint: 'The report folder must exist and be writable.',
      cause: error,
    });
  }
}

/**
 * Takes the report's lock, so two runs never append to one report, and keeps it alive. The lock
 * belongs to the file, not to the name it was reached by, so it is two lock files, taken in this order
 * and both held until the end:
 *
 * - `<real path>.lock`, beside the report's real path (symbolic links resolved): the name earlier
 *   versions used, so a run of one of them on the same report is still kept out;
 * - `.<device>-<inode>.lock` in the report's real folder ({@link reportInodeLockFile}): a hard link has
 *   no real name, so only the file's identity finds it. The report is created (empty) first when it
 *   does not exist, so that it has an inode.
 *
 * Each is created with O_EXCL semantics (holding pid, host, start time and a random id), and its
 * modification time is the holder's heartbeat, refreshed every `heartbeatMs` (10 s). A lock found in
 * place is judged on its own ({@link judgeReportLock}): taken over, with the warning
 * `REPORT_LOCK_STALE`, when its process of this host is gone, or when it had no heartbeat for `staleMs`
 * (60 s: its host or container is gone); otherwise the run is refused with `REPORT_LOCKED` (kind
 * `usage`, exit 2) naming the holder and its last heartbeat. Hard links in other folders lead to other
 * folders' locks: they are not kept apart (docs/guarantees.md).
 *
 * A holder that was paused for longer than `staleMs` may find its lock taken over: {@link
 * ReportLock.assertHeld} then throws `REPORT_LOCK_LOST`, before the next append.
 */
export async function acquireReportLock(reportFile: string, options: ReportLockOptions = {}): Promise<ReportLock> {
  const clock = options.clock ?? Date.now;
  const timing: LockTiming = { ...DEFAULT_LOCK_TIMING, ...options.timing };
  const owner: LockOwner = {
    pid: options.pid ?? process.pid,
    hostname: options.hostname ?? osHostname(),
    startedAt: new Date(clock()).toISOString(),
    id: randomUUID(),
    heartbeatMs: timing.heartbeatMs,
  };
  // The two locks of a run gone stale are one takeover: told once.
  let warned = false;
  const onWarning: ReportLockOptions['onWarning'] = (warning) => {
    if (!warned) options.onWarning?.(warning);
    warned = true;
  };
  const taking: Taking = { owner, clock, isAlive: options.isAlive ?? isProcessAlive, timing, onWarning };
  const real = await realReportPath(reportFile);
  const byName = await acquireLockFile(`${real}.lock`, reportFile, taking);
  let byFile: Held;
  try {
    await ensureReport(real, reportFile);
    byFile = await acquireLockFile(await reportInodeLockFile(real), reportFile, taking);
  } catch (error) {
    await byName.release();
    throw error;
  }
  return heldBoth(byName, byFile, options.every ?? realEvery);
}

/** Both locks as one: one heartbeat timer for the two, the first lost one reported. */
function heldBoth(byName: Held, byFile: Held, every: (ms: number, beat: () => void) => () => void): ReportLock {
  const heartbeat = (): void => {
    byName.heartbeat();
    byFile.heartbeat();
  };
  const stop = every(byName.timing.heartbeatMs, heartbeat);
  let released: Promise<void> | undefined;
  const release = (): Promise<void> => {
    released ??= (async () => {
      stop();
      await byFile.release();
      await byName.release();
    })();
    return released;
  };
  return {
    file: byName.file,
    owner: byName.owner,
    assertHeld: () => {
      byName.assertHeld();
      byFile.assertHeld();
    },
    heartbeat,
    release,
    [Symbol.asyncDispose]: release,
  };
}

/** Takes the one lock file `file` of `reportFile` (see {@link acquireReportLock}). */
async function acquireLockFile(file: string, reportFile: string, taking: Taking): Promise<Held> {
  const { owner, clock, isAlive, timing } = taking;
  for (let round = 0; round < 3; round += 1) {
    const handle = await tryCreate(file, owner, clock());
    if (handle !== undefined) return held({ reportFile, file, owner, handle, clock, timing });
    const found = await inspect(file, clock);
    // Released between our create and our look: try again.
    if (found === undefined) continue;
    const reason = judgeReportLock(found, owner, isAlive, timing);
    if (reason === undefined) throw lockedError(reportFile, file, found, timing);
    // Only the very lock that was judged is removed: not one its holder refreshed or another run made meanwhile.
    const again = await lstat(file).catch(() => undefined);
    if (again === undefined || again.ino !== found.ino || again.mtimeMs !== found.mtimeMs) continue;
    taking.onWarning?.({ code: 'REPORT_LOCK_STALE', file, owner: found.holder, reason });
    await unlink(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  throw new ReportError('REPORT_LOCKED', `Another run took the lock of ${reportFile} at the same time`, {
    location: { file: reportFile },
    hint: 'Only one run may write a report at a time.',
    details: { lockFile: file },
  });
}

interface HeldFile {
  readonly reportFile: string;
  readonly file: string;
  readonly owner: LockOwner;
  readonly handle: FileHandle;
  readonly clock: () => number;
  readonly timing: LockTiming;
}

/** One held lock file; its heartbeat is called by the timer of {@link heldBoth}. */
interface Held extends Omit<ReportLock, typeof Symbol.asyncDispose> {
  readonly timing: LockTiming;
}

function held({ reportFile, file, owner, handle, clock, timing }: HeldFile): Held {
  // The file we created, by identity: a takeover removes it and creates another under the same name.
  const ours = fstatSync(handle.fd);
  let refreshedAt = clock();
  let lost: ReportError | undefined;
  let released: Promise<void> | undefined;

  const loseIt = (why: string, cause?: unknown): ReportError =>
    (lost ??= new ReportError(
      'REPORT_LOCK_LOST',
      `The lock ${file} is no longer this run's (${why}); the run stopped without writing more to the report`,
      {
        location: { file: reportFile },
        hint: `This run went without a heartbeat for longer than ${Math.round(timing.staleMs / 1000)} s (paused, or its machine slept), or the lock was removed, and another run may be writing the report now. The report is consistent: once no other run is writing it, run the same command again to resume.`,
        details: { lockFile: file },
        ...(cause === undefined ? {} : { cause }),
      },
    ));

  /** Whether the name still leads to the file this run created. */
  const stillOurs = (): boolean => {
    try {
      const now = statSync(file, { throwIfNoEntry: false });
      if (now === undefined) {
        loseIt('it was removed');
        return false;
      }
      if (now.ino !== ours.ino || now.dev !== ours.dev) {
        loseIt('another run took it over');
        return false;
      }
      return true;
    } catch (cause) {
      loseIt('it cannot be checked', cause);
      return false;
    }
  };

  const heartbeat = (): void => {
    if (lost !== undefined || released !== undefined || !stillOurs()) return;
    const now = clock();
    try {
      futimesSync(handle.fd, now / 1000, now / 1000);
      refreshedAt = now;
    } catch {
      // A missed beat is no loss yet: assertHeld gives up once the lock could look stale to others.
    }
  };

  const assertHeld = (): void => {
    if (lost === undefined) {
      // Overdue (paused, starved): beat first, so a lock nobody took over stays ours and is seen fresh.
      const lease = timing.staleMs - timing.heartbeatMs;
      if (clock() - refreshedAt > lease) {
        heartbeat();
        if (lost === undefined && clock() - refreshedAt > lease) loseIt('its heartbeat cannot be refreshed');
      } else {
        stillOurs();
      }
    }
    if (lost !== undefined) throw lost;
  };

  const release = (): Promise<void> => {
    released ??= (async () => {
      try {
        if (lost === undefined && stillOurs()) await unlink(file).catch(() => undefined);
      } finally {
        await handle.close().catch(() => undefined);
      }
    })();
    return released;
  };
  return { file, owner, timing, assertHeld, heartbeat, release };
}
