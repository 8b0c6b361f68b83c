import { setTimeout as delay } from 'node:timers/promises';

/** Waits `ms`; resolves early (never rejects) when `signal` aborts. Injected wherever the code waits. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The real {@link Sleep}, on Node timers. */
export const realSleep: Sleep = async (ms, signal) => {
  if (signal?.aborted || ms <= 0) return;
  try {
    await delay(ms, undefined, { signal });
  } catch (error) {
    if (!signal?.aborted) throw error;
  }
};
