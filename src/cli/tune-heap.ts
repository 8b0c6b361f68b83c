import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets its old generation grow past what survived the last full collection, in percent,
 * before collecting again (V8's own default grows it by a factor of 1.1 to 4 by allocation rate).
 */
export const HEAP_GROWING_PERCENT = 20;

/**
 * Keeps the process's heap close to what it holds. An upload keeps each row alive across its HTTP
 * round trip, long enough to be promoted out of the young generation, so the old generation fills
 * with rows already sent; V8 sized it by the allocation rate and let it grow to five times the live
 * heap (a 10^5-row ingest peaked at 234 MiB with ~21 MiB live). Growing by 20% collects more often,
 * each time over a small live heap: the same ingest peaked at 167 MiB in the same time.
 *
 * Set once at start-up, before the heap grows (the flag is read at each collection, so it holds for
 * the mapping worker too). Only the bin and the benchmarks call this: a library user's process is
 * theirs to tune.
 */
export function tuneHeap(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
