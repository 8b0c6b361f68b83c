import { randomUUID } from 'node:crypto';
import { link, lstat, open, readFile, unlink, type FileHandle } from 'node:fs/promises';
import { fileKindText } from '../util/file-kind-text.js';
import { holdLockFile, type HeldLockFile } from './hold-lock-file.js';
import { judgeReportLock, parseLockOwner, type FoundLock, type LockOwner, type LockTiming, type StaleReason } from './judge-report-lock.js';
import { ReportError } from './report-errors.js';

/** The run's part of a lock: who it is, its clock and timing. */
export interface LockTaking {
  readonly owner: LockOwner;
  readonly clock: () => number;
  readonly isAlive: (pid: number) => boolean;
  readonly timing: LockTiming;
  readonly onWarning: ((warning: { code: string; file: string; owner: LockOwner | undefined; reason: StaleReason }) => void) | undefined;
}

/**
 * Creates the lock whole: its owner written to a file of our own, then linked under the lock's name
 * (fails like O_EXCL). Created empty then written, a kill between left an unreadable lock that
 * blocked later runs for `unreadableStaleMs` (the kill -9 soak caught it).
 */
async function tryCreate(file: string, owner: LockOwner, now: number): Promise<FileHandle | undefined> {
  const own = `${file}.${owner.id ?? randomUUID()}.new`;
  let handle: FileHandle;
  try {
    handle = await open(own, 'wx');
  } catch (error) {
    throw new ReportError('REPORT_LOCK_FAILED', `Cannot create the lock file ${file}`, {
      location: { file },
      hint: 'The folder of the lock must exist and be writable.',
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
        hint: 'The folder of the lock must exist and be writable.',
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
      hint: 'Remove it, or name another report: the lock is a small file the run creates and removes at the end.',
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

/**
 * Takes the one lock file `file` of `reportFile` (one of the three of `acquireReportLock`): created
 * whole, or, when one is in place, judged ({@link judgeReportLock}) and taken over when stale
 * (`REPORT_LOCK_STALE` to `onWarning`), else refused with `REPORT_LOCKED`.
 */
export async function acquireLockFile(file: string, reportFile: string, taking: LockTaking): Promise<HeldLockFile> {
  const { owner, clock, isAlive, timing } = taking;
  for (let round = 0; round < 3; round += 1) {
    const handle = await tryCreate(file, owner, clock());
    if (handle !== undefined) return holdLockFile({ reportFile, file, owner, handle, clock, timing });
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
