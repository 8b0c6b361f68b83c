/** What one POST attempt's answer says: was the record stored, and does the platform look reachable? */
export interface AttemptAnswer {
  /** `yes` (201 with an id), `no` (certainly not stored: 4xx, 429, 503, refused), `unknown` (500, 502, 504, reset after sending, a 2xx that is not the envelope). */
  readonly stored: 'yes' | 'no' | 'unknown';
  /** A network error, 502, 503 or 504. */
  readonly unreachable: boolean;
}

/** Consecutive answers of two kinds, in the order they arrived. */
export interface Streaks {
  /** Unknown outcomes in a row: reset by any certain answer (stored or certainly not stored). */
  readonly unknown: number;
  /** Unreachable answers in a row: reset by any other answer. */
  readonly unreachable: number;
}

/** When a streak stops the run. */
export interface StreakLimits {
  /** Stop after this many unknown outcomes in a row (`UNCERTAIN_STREAK`). */
  readonly maxUnknown: number;
  /** Stop after this many unreachable answers in a row (`PLATFORM_UNREACHABLE`). */
  readonly maxUnreachable: number;
}

/** No answers yet. */
export const NO_STREAKS: Streaks = { unknown: 0, unreachable: 0 };

/** The streaks after one more answer. Pure. */
export function nextStreaks(streaks: Streaks, answer: AttemptAnswer): Streaks {
  return {
    unknown: answer.stored === 'unknown' ? streaks.unknown + 1 : 0,
    unreachable: answer.unreachable ? streaks.unreachable + 1 : 0,
  };
}

/**
 * The circuit breaker: the code that stops the run, or undefined. A run of unknown outcomes is named
 * first: each of those rows may be on the platform, which is what a curator must then check. Pure.
 */
export function trippedBreaker(streaks: Streaks, limits: StreakLimits): 'UNCERTAIN_STREAK' | 'PLATFORM_UNREACHABLE' | undefined {
  if (streaks.unknown >= limits.maxUnknown) return 'UNCERTAIN_STREAK';
  if (streaks.unreachable >= limits.maxUnreachable) return 'PLATFORM_UNREACHABLE';
  return undefined;
}
