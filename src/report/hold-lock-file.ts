import { fstatSync, futimesSync, statSync } from 'node:fs';
import { unlink, type FileHandle } from 'node:fs/promises';
import type { LockOwner, LockTiming } from './judge-report-lock.js';
import { ReportError } from './report-errors.js';

/** One held lock file; `acquireReportLock` beats and checks its three together. */
export interface HeldLockFile {
  readonly file: string;
  readonly owner: LockOwner;
  readonly timing: LockTiming;
  /** Throws `REPORT_LOCK_LOST` unless the file is still this run's (beating first when overdue). */
  assertHeld(): void;
  /** Refreshes the heartbeat (the modification time), and notices a takeover. */
  heartbeat(): void;
  /** Removes the lock file if it is still ours; safe to call twice. */
  release(): Promise<void>;
}

/** What {@link holdLockFile} keeps: the lock file just created, open. */
export interface LockFileHandle {
  readonly reportFile: string;
  readonly file: string;
  readonly owner: LockOwner;
  readonly handle: FileHandle;
  readonly clock: () => number;
  readonly timing: LockTiming;
}

/** Holds the lock file this run just created: beats it, checks it is still ours, releases it. */
export function holdLockFile({ reportFile, file, owner, handle, clock, timing }: LockFileHandle): HeldLockFile {
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
