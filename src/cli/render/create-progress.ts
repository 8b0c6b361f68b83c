import type { ReadProgress } from '../../pipeline/create-read-progress.js';
import { zeroCounts } from '../../report/report-lines.js';
import type { RowOutcome } from '../../upload/upload-types.js';
import { formatProgressLine, type ProgressStatus } from './format-progress-line.js';

/** A repeating timer; returns its cancel function. Injected so tests need no real time. */
export type Every = (ms: number, tick: () => void) => () => void;

/** Options of {@link createProgress}. */
export interface ProgressOptions {
  readonly stream: { write(text: string): unknown };
  /** A terminal: one line redrawn in place. Otherwise a plain line every `intervalMs`. */
  readonly tty: boolean;
  /** Silences everything. @default false */
  readonly quiet?: boolean;
  /** Plain-line interval off a terminal (the `--progress-interval` setting). */
  readonly intervalMs: number;
  /** Redraw interval on a terminal. @default 200 */
  readonly redrawMs?: number;
  /**
   * Off a terminal, the closing line: `always` (a run's log ends with its last count), or only when a
   * line was written before (`validate`: a check done within one interval prints its summary alone).
   * @default 'always'
   */
  readonly lastLine?: 'always' | 'after-first';
  /** @default Date.now */
  readonly clock?: () => number;
  /** @default setInterval, unref'd */
  readonly every?: Every;
}

/** The progress display of a run: fed outcomes, drawn on a timer. */
export interface Progress {
  /**
   * Starts drawing; `pauseRemaining` reads the queue's backoff pause. With a row `total` the line
   * shows done/total; else with `reading` (how far the input has been read) a percentage and an ETA.
   */
  start(pauseRemaining: () => number, total?: number, reading?: ReadProgress): void;
  /** One record done: its outcome in a run (`RowOutcome`), or for `validate` `valid` / `invalid`. */
  outcome(outcome: RowOutcome | { readonly type: 'valid' | 'invalid' }): void;
  /** Stops the timer and clears the live line (a terminal) or writes the last plain line. */
  stop(): void;
}

const realEvery: Every = (ms, tick) => {
  const timer = setInterval(tick, ms);
  timer.unref();
  return () => clearInterval(timer);
};

/**
 * Creates the progress display: on a terminal a live single line on stderr (`\r` + erase line),
 * otherwise one plain line every few seconds (what a log file of a nightly job wants), nothing with
 * `quiet`.
 */
export function createProgress(options: ProgressOptions): Progress {
  const clock = options.clock ?? Date.now;
  const every = options.every ?? realEvery;
  const counts: Record<ProgressStatus, number> = { ...zeroCounts(), valid: 0 };
  let done = 0;
  let started = clock();
  let total: number | undefined;
  let pause = (): number => 0;
  let reading: ReadProgress | undefined;
  let cancel: (() => void) | undefined;
  let drawn = false;
  // The reader runs ahead of the outcomes by the rows in flight and in its buffers: the share done is
  // the share read, scaled by the share of the records read that have an outcome.
  const fraction = (): number | undefined => {
    if (reading === undefined) return undefined;
    const read = reading.fraction();
    const records = reading.records();
    return records > 0 ? Math.min(read, (read * done) / records) : 0;
  };
  const line = (): string =>
    formatProgressLine({ done, total, fraction: fraction(), counts, elapsedMs: clock() - started, pauseMs: pause() });
  const draw = (): void => {
    if (options.tty) {
      options.stream.write(`\r\u001b[2K${line()}`);
      drawn = true;
    } else {
      options.stream.write(`progress: ${line()}\n`);
      drawn = true;
    }
  };
  return {
    start(pauseRemaining, rows, read) {
      if (options.quiet) return;
      started = clock();
      pause = pauseRemaining;
      total = rows;
      reading = read;
      cancel = every(options.tty ? (options.redrawMs ?? 200) : options.intervalMs, draw);
    },
    outcome(outcome) {
      done += 1;
      counts[outcome.type] += 1;
    },
    stop() {
      if (cancel === undefined) return;
      cancel();
      cancel = undefined;
      if (options.tty) {
        if (drawn) options.stream.write('\r\u001b[2K');
      } else if (done > 0 && (drawn || options.lastLine !== 'after-first')) {
        draw();
      }
    },
  };
}
