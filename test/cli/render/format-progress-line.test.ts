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
    expect(line).toBe('[##........] 50/200 rows · 5.0 rows/s · ETA 30s · uploaded 50');
  });
});

describe('formatProgressLine with the share of the input done', () => {
  const counts = { ...zeroCounts(), uploaded: 250 };

  test('a bar, the percentage, rows, rate and the ETA from elapsed × (1 − f) / f', () => {
    expect(formatProgressLine({ done: 250, total: undefined, fraction: 0.25, counts, elapsedMs: 10_000, pauseMs: 0 }, 10)).toBe(
      '[##........] 25% · 250 rows · 25.0 rows/s · ETA 30s · uploaded 250',
    );
    expect(formatProgressLine({ done: 250, total: undefined, fraction: 0.1, counts, elapsedMs: 400_000, pauseMs: 0 }, 10)).toBe(
      '[#.........] 10% · 250 rows · 0.6 rows/s · ETA 1h00m · uploaded 250',
    );
  });

  test('no ETA before it means something: under 1 % of the input, or in the first seconds', () => {
    expect(
      formatProgressLine({ done: 5, total: undefined, fraction: 0.009, counts: zeroCounts(), elapsedMs: 60_000, pauseMs: 0 }, 10),
    ).toBe('[..........] 0% · 5 rows · 0.1 rows/s');
    expect(formatProgressLine({ done: 500, total: undefined, fraction: 0.5, counts: zeroCounts(), elapsedMs: 1999, pauseMs: 0 }, 10)).toBe(
      '[#####.....] 50% · 500 rows · 250.1 rows/s',
    );
    expect(
      formatProgressLine({ done: 500, total: undefined, fraction: 0.5, counts: zeroCounts(), elapsedMs: 2000, pauseMs: 0 }, 10),
    ).toContain('ETA 2s');
  });

  test('100 % only at the end, then no ETA', () => {
    expect(
      formatProgressLine({ done: 999, total: undefined, fraction: 0.999, counts: zeroCounts(), elapsedMs: 10_000, pauseMs: 0 }, 10),
    ).toBe('[#########.] 99% · 999 rows · 99.9 rows/s · ETA 0s');
    expect(formatProgressLine({ done: 1000, total: undefined, fraction: 1, counts: zeroCounts(), elapsedMs: 10_000, pauseMs: 0 }, 10)).toBe(
      '[##########] 100% · 1000 rows · 100.0 rows/s',
    );
  });

  test('a known row total wins over the share read', () => {
    expect(formatProgressLine({ done: 50, total: 200, fraction: 0.9, counts: zeroCounts(), elapsedMs: 10_000, pauseMs: 0 }, 10)).toBe(
      '[##........] 50/200 rows · 5.0 rows/s · ETA 30s',
    );
  });
});

describe('createProgress', () => {
  test('off a terminal: a plain line per tick and a last one at the end; quiet writes nothing', () => {
    const written: string[] = [];
    let tick: () => void = () => undefined;
    let now = 0;
    const progress = createProgress({
      stream: { write: (t: string) => written.push(t) },
      tty: false,
      intervalMs: 5000,
      clock: () => now,
      every: (_ms, fn) => ((tick = fn), () => undefined),
    });
    progress.start(() => 0);
    progress.outcome({ type: 'uploaded', key: 'a', hash: 'h', location: { file: 'f', row: 2 } });
    now = 1000;
    tick();
    progress.stop();
    expect(written).toEqual(['progress: 1 rows · 1.0 rows/s · uploaded 1\n', 'progress: 1 rows · 1.0 rows/s · uploaded 1\n']);

    const quiet: string[] = [];
    const silent = createProgress({
      stream: { write: (t: string) => quiet.push(t) },
      tty: false,
      intervalMs: 5000,
      quiet: true,
      every: () => () => undefined,
    });
    silent.start(() => 0);
    silent.outcome({ type: 'uploaded', key: 'a', hash: 'h', location: { file: 'f', row: 2 } });
    silent.stop();
    expect(quiet).toEqual([]);
  });

  test('on a terminal: the line is redrawn in place and erased at the end', () => {
    const written: string[] = [];
    let tick: () => void = () => undefined;
    const progress = createProgress({
      stream: { write: (t: string) => written.push(t) },
      tty: true,
      intervalMs: 5000,
      clock: () => 0,
      every: (_ms, fn) => ((tick = fn), () => undefined),
    });
    progress.start(() => 0);
    tick();
    progress.stop();
    expect(written).toEqual(['\r\u001b[2K0 rows · 0.0 rows/s', '\r\u001b[2K']);
  });

  test('with the read progress: the share read, scaled to the records done; 100 % in the last line', () => {
    const written: string[] = [];
    let tick: () => void = () => undefined;
    let now = 0;
    const read = { fraction: 0.5, records: 100 };
    const progress = createProgress({
      stream: { write: (t: string) => written.push(t) },
      tty: false,
      intervalMs: 5000,
      clock: () => now,
      every: (_ms, fn) => ((tick = fn), () => undefined),
    });
    progress.start(() => 0, undefined, { fraction: () => read.fraction, records: () => read.records });
    for (let i = 0; i < 50; i++) progress.outcome({ type: 'uploaded', key: `k${i}`, hash: 'h', location: { file: 'f', row: i + 2 } });
    now = 5000;
    tick();
    for (let i = 50; i < 200; i++) progress.outcome({ type: 'uploaded', key: `k${i}`, hash: 'h', location: { file: 'f', row: i + 2 } });
    read.fraction = 1;
    read.records = 200;
    now = 20_000;
    progress.stop();
    expect(written).toEqual([
      'progress: [#####...............] 25% · 50 rows · 10.0 rows/s · ETA 15s · uploaded 50\n',
      'progress: [####################] 100% · 200 rows · 10.0 rows/s · uploaded 200\n',
    ]);
  });
});
