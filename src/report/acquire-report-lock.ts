import { open, readFile, stat, unlink } from 'node:fs/promises';
import { hostname as osHostname } from 'node:os';
import { MgeError } from '../errors/mge-error.js';

/** What a lock file holds. */
export interface LockOwner {
  readonly pid: number;
  readonly hostname: string;
  readonly startedAt: string;
}

/** A held report lock. */
export interface ReportLock {
  readonly file: string;
  readonly owner: LockOwner;
  /** Removes the lock file if it is still ours; safe to call twice. */
  release(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

export interface ReportLockOptions {
  /** @default process.pid */
  readonly pid?: number;
  /** @default os.hostname() */
  readonly hostname?: string;
  /** @default Date.now */
  readonly clock?: () => number;
  /** Whether a process of this host is alive. @default signal 0 via process.kill */
  readonly isAlive?: (pid: number) => boolean;
  /** Told when a stale lock is taken over (`REPORT_LOCK_STALE`). */
  readonly onWarning?: (warning: { code: string; file: string; owner: LockOwner | undefined }) => void;
  /** An unreadable lock file older than this is from a crash during its own write. @default 10000 */
  readonly unreadableStaleMs?: number;
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

function parseOwner(text: string): LockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (typeof value.pid === 'number' && typeof value.hostname === 'string' && typeof value.startedAt === 'string') {
      return { pid: value.pid, hostname: value.hostname, startedAt: value.startedAt };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

async function tryCreate(file: string, owner: LockOwner): Promise<boolean> {
  try {
    const handle = await open(file, 'wx');
    try {
      await handle.write(`${JSON.stringify(owner)}\n`);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new MgeError('config', 'REPORT_LOCK_FAILED', `Cannot create the lock file ${file}`, {
      location: { file },
      hint: 'The report folder must be writable.',
      cause: error,
    });
  }
}

/**
 * Takes `<report>.lock` (created with O_EXCL, holding pid, host and start time), so two runs never
 * append to one report. A lock left by a dead process of this host is stale and taken over with a
 * warning; a lock of a live process, or of another host (which cannot be checked), refuses with
 * `REPORT_LOCKED` (kind `usage`, exit 2) naming the holder.
 */
export async function acquireReportLock(reportFile: string, options: ReportLockOptions = {}): Promise<ReportLock> {
  const file = `${reportFile}.lock`;
  const clock = options.clock ?? Date.now;
  const isAlive = options.isAlive ?? isProcessAlive;
  const owner: LockOwner = {
    pid: options.pid ?? process.pid,
    hostname: options.hostname ?? osHostname(),
    startedAt: new Date(clock()).toISOString(),
  };
  for (let round = 0; round < 2; round += 1) {
    if (await tryCreate(file, owner)) return held(file, owner);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      // Released between our create and our read: try again.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const holder = parseOwner(text);
    const stale = holder
      ? holder.hostname === owner.hostname && holder.pid !== owner.pid && !isAlive(holder.pid)
      : clock() - (await stat(file)).mtimeMs > (options.unreadableStaleMs ?? 10_000);
    if (!stale) {
      throw new MgeError('usage', 'REPORT_LOCKED', `Another run is writing the report ${reportFile}`, {
        location: { file: reportFile },
        hint: holder
          ? `Process ${holder.pid} on ${holder.hostname} (started ${holder.startedAt}) holds ${file}. Wait for it to finish; if it is surely gone, delete the lock file.`
          : `${file} is being written by another run. If no run is active, delete the lock file.`,
        details: { lockFile: file, ...(holder ? { pid: holder.pid, hostname: holder.hostname } : {}) },
      });
    }
    options.onWarning?.({ code: 'REPORT_LOCK_STALE', file, owner: holder });
    await unlink(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  throw new MgeError('usage', 'REPORT_LOCKED', `Another run took the lock of ${reportFile} at the same time`, {
    location: { file: reportFile },
    hint: 'Only one run may write a report at a time.',
    details: { lockFile: file },
  });
}

function held(file: string, owner: LockOwner): ReportLock {
  let released: Promise<void> | undefined;
  const release = (): Promise<void> => {
    released ??= (async () => {
      const text = await readFile(file, 'utf8').catch(() => undefined);
      const current = text === undefined ? undefined : parseOwner(text);
      if (current && current.pid === owner.pid && current.startedAt === owner.startedAt && current.hostname === owner.hostname) {
        await unlink(file).catch(() => undefined);
      }
    })();
    return released;
  };
  return { file, owner, release, [Symbol.asyncDispose]: release };
}
