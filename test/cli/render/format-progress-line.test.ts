import { formatProgressLine } from '../../../src/cli/render/format-progress-line.js';
import { createProgress } from '../../../src/cli/render/create-progress.js';
import { zeroCounts } from '../../../src/report/report-lines.js';

describe('formatProgressLine', () => {
  test('streamed input: rows, rate, non-zero counts and the backoff pause', () => {
    const counts = { ...zeroCounts(), uploaded: 90, failed: 10 };
    expect(formatProgressLine({ done: 100, total: undefined, counts, elapsedMs: 20_000, pauseMs: 1500 })).toBe(
      '100 rows · 5.0 rows/s · uploaded 90 failed 10 · paused 1.5s (platform busy)',
    );
  });

  test('known total: a bar, done/total and the ETA', () => {
    const line = formatProgressLine({ done: 50, total: 200, counts: { ...zeroCounts(), uploaded: 50 }, elapsedMs: 10_000, pauseMs: 0 }, 10);
    expect(line).toBe('[###.......] 50/200 rows · 5.0 rows/s · ETA 30s · uploaded 50');
  });
});

describe('createProgress', () => {
  test('off a terminal: a plain line per tick and a last one at the end; quiet writes nothing', () => {
    const written: string[] = [];
    let tick: () => void = () => undefined;
    let now = 0;
    const progress = createProgress({ stream: { write: (t: string) => written.push(t) }, tty: false, clock: () => now, every: (_ms, fn) => ((tick = fn), () => undefined) });
    progress.start(() => 0);
    progress.outcome({ type: 'uploaded', key: 'a', hash: 'h', location: { file: 'f', row: 2 } });
    now = 1000;
    tick();
    progress.stop();
    expect(written).toEqual(['progress: 1 rows · 1.0 rows/s · uploaded 1\n', 'progress: 1 rows · 1.0 rows/s · uploaded 1\n']);

    const quiet: string[] = [];
    const silent = createProgress({ stream: { write: (t: string) => quiet.push(t) }, tty: false, quiet: true, every: () => () => undefined });
    silent.start(() => 0);
    silent.outcome({ type: 'uploaded', key: 'a', hash: 'h', location: { file: 'f', row: 2 } });
    silent.stop();
    expect(quiet).toEqual([]);
  });

  test('on a terminal: the line is redrawn in place and erased at the end', () => {
    const written: string[] = [];
    let tick: () => void = () => undefined;
    const progress = createProgress({ stream: { write: (t: string) => written.push(t) }, tty: true, clock: () => 0, every: (_ms, fn) => ((tick = fn), () => undefined) });
    progress.start(() => 0);
    tick();
    progress.stop();
    expect(written).toEqual(['\r\u001b[2K0 rows · 0.0 rows/s', '\r\u001b[2K']);
  });
});
