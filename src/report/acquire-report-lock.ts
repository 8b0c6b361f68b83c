import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import { hostname as osHostname } from 'node:os';
import { identifyPath } from '../util/identify-path.js';
import { acquireLockFile, type LockTaking } from './acquire-lock-file.js';
import type { HeldLockFile } from './hold-lock-file.js';
import { DEFAULT_LOCK_TIMING, type LockOwner, type LockTiming, type StaleReason } from './judge-report-lock.js';
import { machineLockFolder } from './machine-lock-folder.js';
import { ReportError } from './report-errors.js';
import { reportInodeLockFile } from './report-inode-lock-file.js';

export type { LockOwner } from './judge-report-lock.js';

/** A held report lock. */
export interface ReportLock {
  readonly file: string;
  readonly owner: LockOwner;
  /**
   * Throws `REPORT_LOCK_LOST` (kind `fatal`, exit 3) unless the lock files are still this run's; called
   * before every append to the report, so a run whose lock was taken over writes nothing more. When
   * the heartbeat is overdue (the process was paused, the machine slept), it is refreshed first.
   */
  assertHeld(): void;
  /** Refreshes the heartbeat now (a timer does it every `heartbeatMs`), and notices a takeover. */
  heartbeat(): void;
  /** Stops the heartbeat and removes the lock files that are still ours; safe to call twice. */
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
  /**
   * The user's runtime folder (`$XDG_RUNTIME_DIR`, as the command line reads it), which holds the
   * machine's lock folder ({@link machineLockFolder}). @default none: the system's temporary folder
   */
  readonly runtimeDir?: string | undefined;
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
 * Takes the report's three lock files and keeps their heartbeat (docs/report-format.md#the-lock); a
 * stale lock ({@link judgeReportLock}) is taken over with `REPORT_LOCK_STALE`, and a lock lost during a
 * pause makes {@link ReportLock.assertHeld} throw `REPORT_LOCK_LOST`.
 * @throws ReportError `REPORT_LOCKED`, `REPORT_LOCK_NOT_A_FILE`, `REPORT_LOCK_DIR_UNSAFE`, `REPORT_LOCK_FAILED`.
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
  // The locks of a run gone stale are one takeover: told once.
  let warned = false;
  const onWarning: LockTaking['onWarning'] = (warning) => {
    if (!warned) options.onWarning?.(warning);
    warned = true;
  };
  const taking: LockTaking = { owner, clock, isAlive: options.isAlive ?? isProcessAlive, timing, onWarning };
  // Checked before anything is made: an unsafe folder refuses the run with the report untouched.
  const machine = await machineLockFolder({ runtimeDir: options.runtimeDir });
  const real = await realReportPath(reportFile);
  const held: [HeldLockFile, ...HeldLockFile[]] = [await acquireLockFile(`${real}.lock`, reportFile, taking)];
  try {
    await ensureReport(real, reportFile);
    held.push(await acquireLockFile(await reportInodeLockFile(real), reportFile, taking));
    held.push(await acquireLockFile(await reportInodeLockFile(real, machine), reportFile, taking));
  } catch (error) {
    for (const lock of [...held].reverse()) await lock.release();
    throw error;
  }
  return heldTogether(held, options.every ?? realEvery);
}

/** The lock files as one: one heartbeat timer for all, the first lost one reported, released last first. */
function heldTogether(held: readonly [HeldLockFile, ...HeldLockFile[]], every: (ms: number, beat: () => void) => () => void): ReportLock {
  const [first] = held;
  const heartbeat = (): void => {
    for (const lock of held) lock.heartbeat();
  };
  const stop = every(first.timing.heartbeatMs, heartbeat);
  let released: Promise<void> | undefined;
  const release = (): Promise<void> => {
    released ??= (async () => {
      stop();
      for (const lock of [...held].reverse()) await lock.release();
    })();
    return released;
  };
  return {
    file: first.file,
    owner: first.owner,
    assertHeld: () => {
      for (const lock of held) lock.assertHeld();
    },
    heartbeat,
    release,
    [Symbol.asyncDispose]: release,
  };
}
