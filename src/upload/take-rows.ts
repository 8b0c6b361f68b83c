/** Options of {@link takeRows}. */
export interface TakeRowsOptions {
  /** Rows started and not finished, at most: the backpressure that keeps memory flat. */
  readonly lookahead: number;
  /** Once aborted, no further row is taken. */
  readonly stop: AbortSignal;
  /** Told of a row whose `handle` rejected (a bug: `handle` settles every row itself). */
  readonly onTaskError: (error: unknown) => void;
}

/** Where {@link takeRows} left off. */
export interface TakenRows {
  /** The rows ended (the input was read to its end). */
  readonly exhausted: boolean;
  /** The input failed part-way (a file unreadable at row N): the error, as thrown by the rows. */
  readonly inputError: unknown;
  /** The rows started and not finished yet; each settles (never rejects). */
  readonly active: readonly Promise<void>[];
  /** Closes the input when it was left before its end (a stop); a no-op otherwise. */
  closeInput(): Promise<void>;
}

/**
 * The look-ahead loop of the upload stage: pulls rows one at a time and starts `handle` on each, with
 * at most `lookahead` started and unfinished, until the rows end, fail, or `stop` aborts. Resolves as
 * soon as no more rows will be taken, with the rows still in flight for the caller to drain.
 */
export async function takeRows<T>(rows: AsyncIterable<T>, handle: (row: T) => Promise<void>, options: TakeRowsOptions): Promise<TakenRows> {
  const lookahead = Math.max(1, options.lookahead);
  // The rows in flight, each in a slot of its own: a Set that a row enters and leaves churns its hash
  // table, which lives in the old generation once the run is long, so each resize was old-generation
  // garbage (76 MiB over a 10^6-row resume, the whole growth of its heap). Slots and a stack of the
  // free ones allocate nothing per row.
  const active = new Array<Promise<void> | undefined>(lookahead).fill(undefined);
  const free = Array.from({ length: lookahead }, (_, slot) => lookahead - 1 - slot);
  // One wake-up promise per wait instead of Promise.race over the active rows: racing would add a
  // reaction to a row waiting out a long backoff for every row finished meanwhile (unbounded memory).
  let wake: (() => void) | undefined;
  const iterator = rows[Symbol.asyncIterator]();
  let inputError: unknown;
  let exhausted = false;
  try {
    while (!options.stop.aborted) {
      if (free.length === 0) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      const next = await iterator.next();
      if (next.done) {
        exhausted = true;
        break;
      }
      if (options.stop.aborted) break;
      const slot = free.pop()!;
      active[slot] = handle(next.value)
        .catch(options.onTaskError)
        .finally(() => {
          active[slot] = undefined;
          free.push(slot);
          wake?.();
          wake = undefined;
        });
    }
  } catch (error) {
    inputError = error ?? new Error('the input failed');
  }
  const left = !exhausted && inputError === undefined;
  return {
    exhausted,
    inputError,
    active: active.filter((task) => task !== undefined),
    closeInput: async () => {
      if (left) await iterator.return?.();
    },
  };
}
