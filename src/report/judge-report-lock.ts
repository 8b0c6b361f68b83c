/** What a lock file holds. */
export interface LockOwner {
  readonly pid: number;
  readonly hostname: string;
  readonly startedAt: string;
  /** Random, per run: tells this run's lock from a later one of the same pid and host (containers reuse both). */
  readonly id?: string;
  /** How often the holder refreshes the lock's modification time; absent in locks of versions without a heartbeat. */
  readonly heartbeatMs?: number;
}

/** The lock's timing. */
export interface LockTiming {
  /** The holder refreshes the lock's modification time this often. */
  readonly heartbeatMs: number;
  /** A lock whose last heartbeat is older than this is stale. */
  readonly staleMs: number;
  /** An unreadable lock (a crash while it was written) older than this is stale. */
  readonly unreadableStaleMs: number;
}

/**
 * A lock's heartbeat every 10 s; stale after 60 s without one. Six missed beats leave room for a slow
 * disk or a loaded machine; a minute is short enough that a run killed in a container (a new host name
 * every night) blocks nothing by the next run, and a restarted job gets through within a few retries.
 */
export const DEFAULT_LOCK_TIMING: LockTiming = { heartbeatMs: 10_000, staleMs: 60_000, unreadableStaleMs: 10_000 };

/** Why a lock may be taken over. */
export type StaleReason = 'dead-process' | 'no-heartbeat' | 'unreadable';

/** What is known of a lock found in place. */
export interface FoundLock {
  /** Its owner, when the file parses. */
  readonly holder: LockOwner | undefined;
  /** Ms since its modification time (its last heartbeat), by the judging run's clock. */
  readonly ageMs: number;
}

/**
 * Decides whether a lock found in place is stale (pure): a dead process of this host at once; a
 * holder with a heartbeat after `staleMs` without one (it stops itself if it resumes); an unreadable
 * lock after `unreadableStaleMs`; a lock without heartbeat (older versions) never by time.
 * @returns the reason it is stale, or undefined when it must be respected.
 */
export function judgeReportLock(
  found: FoundLock,
  us: { readonly pid: number; readonly hostname: string },
  isAlive: (pid: number) => boolean,
  timing: LockTiming,
): StaleReason | undefined {
  const { holder, ageMs } = found;
  if (holder === undefined) return ageMs > timing.unreadableStaleMs ? 'unreadable' : undefined;
  // The same pid on the same host is another process's only in another pid namespace: decide by time.
  if (holder.hostname === us.hostname && holder.pid !== us.pid && !isAlive(holder.pid)) return 'dead-process';
  if (holder.heartbeatMs !== undefined && ageMs > timing.staleMs) return 'no-heartbeat';
  return undefined;
}

/** The owner a lock file's text names, or undefined when it does not parse. */
export function parseLockOwner(text: string): LockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (typeof value.pid === 'number' && typeof value.hostname === 'string' && typeof value.startedAt === 'string') {
      return {
        pid: value.pid,
        hostname: value.hostname,
        startedAt: value.startedAt,
        ...(typeof value.id === 'string' ? { id: value.id } : {}),
        ...(typeof value.heartbeatMs === 'number' ? { heartbeatMs: value.heartbeatMs } : {}),
      };
    }
  } catch {
    return undefined;
  }
  return undefined;
}
