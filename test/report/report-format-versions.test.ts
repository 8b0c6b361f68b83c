import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createReportWriter } from '../../src/report/create-report-writer.js';
import { loadReportState } from '../../src/report/load-report-state.js';
import { planResume } from '../../src/report/plan-resume.js';
import type { ReportLine, ReportLineInput } from '../../src/report/report-lines.js';
import { summarizeReport } from '../../src/report/summarize-report.js';
import { isMgeError } from '../../src/errors/mge-error.js';
import { L, tempDir } from './report-fixtures.js';

const h = (text: string): string => createHash('sha256').update(text).digest('hex');
const KEYS = ['a', 'b', 'c', 'd', 'e'];

/** Two runs as the version before this format wrote them: file names in every row line, a skipped line per unchanged row. */
const OLD: ReportLine[] = [
  L.run('r1'),
  ...KEYS.flatMap((k, i) => [L.intent(k, h(k)), L.uploaded(k, h(k), 100 + i)]),
  L.invalid('f', h('f')),
  L.intent('g', h('g')),
  L.uncertain('g', h('g')),
  L.run('r2'),
  ...KEYS.map((k) => L.skipped(k, h(k), 'uploaded')),
  L.invalid('f', h('f')),
  L.skipped('g', h('g'), 'uncertain'),
];

/** The same runs as this version writes them: through the writer, no line for a row skipped as uploaded. */
const NEW: ReportLine[] = OLD.filter((line) => !(line.type === 'skipped' && line.why === 'uploaded'));

const withoutAt = (line: ReportLine): ReportLineInput => {
  const { at: _at, ...rest } = line;
  return rest;
};

describe('report lines of this version and of earlier ones', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  test('an old report (names in row lines, skipped lines) and a new one (indices, counted skips) fold to the same ledger', async () => {
    const oldFile = join(dir, 'old.jsonl');
    await writeFile(oldFile, OLD.map((l) => `${JSON.stringify(l)}\n`).join(''));
    const newFile = join(dir, 'new.jsonl');
    const writer = await createReportWriter(newFile);
    for (const line of NEW) await writer.write(withoutAt(line));
    await writer.close();

    // The new file names the input once, in the run line, and by index in the row lines.
    const raw = (await readFile(newFile, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; location?: { file: unknown } });
    expect(new Set(raw.flatMap((l) => (l.location ? [l.location.file] : [])))).toEqual(new Set([0]));

    const before = (await loadReportState(oldFile)).state;
    const after = (await loadReportState(newFile)).state;
    const summary = (s: typeof before) => ({ ...summarizeReport(s), lastRun: undefined, lastSummary: undefined });
    expect(summary(after)).toEqual(summary(before));
    // Locations come out named, whichever way the file holds them.
    expect([...after.outstanding()].map((e) => e.location.file)).toEqual(['data.csv', 'data.csv']);
    for (const key of [...KEYS, 'f', 'g', 'new']) {
      for (const hash of [h(key), h(`${key}-edited`)]) {
        const options = { onChange: 'report', retryFailed: false, retryUncertain: false } as const;
        expect([key, planResume(after, { key, hash }, options)]).toEqual([key, planResume(before, { key, hash }, options)]);
      }
    }
    // The whole fold (the exports) reads both alike too.
    const whole = (await loadReportState(newFile, { whole: true })).state;
    expect(whole.keys.get('a')).toMatchObject({ status: 'uploaded', location: { file: 'data.csv', row: 2 }, uploaded: { id: 100 } });
  });

  test('an old report goes on in the new format: its earlier runs read as written, the next run by index', async () => {
    const file = join(dir, 'mixed.jsonl');
    await writeFile(
      file,
      OLD.slice(0, 12)
        .map((l) => `${JSON.stringify(l)}\n`)
        .join(''),
    );
    const writer = await createReportWriter(file);
    for (const line of NEW.slice(12)) await writer.write(withoutAt(line));
    await writer.close();
    const text = await readFile(file, 'utf8');
    expect(text).toMatch(/"location":\{"file":"data.csv"/);
    expect(text).toMatch(/"location":\{"file":0/);
    const { state } = await loadReportState(file);
    expect(state.counts).toEqual({ uploaded: 5, invalid: 1, failed: 0, uncertain: 1, changed: 0, duplicate: 0 });
  });

  test('an input index that is no input of its run line is REPORT_CORRUPT at that line', async () => {
    const file = join(dir, 'bad.jsonl');
    const bad = { ...L.uploaded('a', h('a'), 1), location: { file: 3, row: 2 } };
    await writeFile(file, [L.run(), L.intent('a', h('a')), bad].map((l) => `${JSON.stringify(l)}\n`).join(''));
    const error: unknown = await loadReportState(file).catch((e: unknown) => e);
    expect(isMgeError(error) && [error.code, error.location?.row]).toEqual(['REPORT_CORRUPT', 3]);
  });
});
