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
  const active = new Set<Promise<void>>();
  // One wake-up promise per wait instead of Promise.race over the active rows: racing would add a
  // reaction to a row waiting out a long backoff for every row finished meanwhile (unbounded memory).
  let wake: (() => void) | undefined;
  const iterator = rows[Symbol.asyncIterator]();
  let inputError: unknown;
  let exhausted = false;
  try {
    while (!options.stop.aborted) {
      if (active.size >= lookahead) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      const next = await iterator.next();
      if (next.done) {
        exhausted = true;
        break;
      }
      if (options.stop.aborted) break;
      const task: Promise<void> = handle(next.value)
        .catch(options.onTaskError)
        .finally(() => {
          active.delete(task);
          wake?.();
          wake = undefined;
        });
      active.add(task);
    }
  } catch (error) {
    inputError = error ?? new Error('the input failed');
  }
  const left = !exhausted && inputError === undefined;
  return {
    exhausted,
    inputError,
    active: [...active],
    closeInput: async () => {
      if (left) await iterator.return?.();
    },
  };
}
