import path from 'node:path';
import { MAPPING, runCli, sampleCsv, tempDir } from './ingest-harness.js';

const ROWS = 120;
/** Requests per second: the run lasts ROWS / RATE = 3 s at least, past the 2 s the ETA waits for. */
const RATE = 40;

describe('ingest progress off a terminal (built CLI, in-process sandbox)', () => {
  test('plain lines every interval with the bar, the percentage and the ETA; the last one at 100 %', async () => {
    const dir = await tempDir();
    const input = await sampleCsv(dir, ROWS);
    const report = path.join(dir, 'progress.report.jsonl');
    const run = await runCli(
      [
        'ingest',
        '--sandbox',
        '--mapping',
        MAPPING,
        '--report',
        report,
        input,
        '--rate',
        String(RATE),
        '--concurrency',
        '4',
        '--progress-interval',
        '0.05',
      ],
      { XDG_CACHE_HOME: path.join(dir, 'cache') },
    );
    expect(run.code).toBe(0);
    const lines = run.stderr.split('\n').filter((l) => l.startsWith('progress: '));
    const shape = /^progress: \[[#.]{20}\] (\d{1,3})% · (\d+) rows · [\d.]+ rows\/s( · ETA (\d+s|\d+m\d\ds|\d+h\d\dm))?/;
    expect(lines.filter((l) => !shape.test(l))).toEqual([]);
    const percents = lines.map((l) => Number(shape.exec(l)![1]));
    expect(percents.filter((p, i) => i > 0 && p < percents[i - 1]!)).toEqual([]);
    // The share read is scaled to the rows with an outcome: the percentage follows the rows done.
    const rows = lines.map((l) => Number(shape.exec(l)![2]));
    expect(percents.filter((p, i) => Math.abs(p - (rows[i]! * 100) / ROWS) > 5)).toEqual([]);
    expect(lines.some((l) => / \d{1,2}% .* · ETA /.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(new RegExp(`^progress: \\[#{20}\\] 100% · ${ROWS} rows · .* uploaded ${ROWS}$`));
    expect(lines.at(-1)).not.toContain('ETA');
  });
});
