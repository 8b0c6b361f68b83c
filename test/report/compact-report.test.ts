import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compactReport } from '../../src/report/compact-report.js';
import { loadReportState } from '../../src/report/load-report-state.js';
import type { ReportLine } from '../../src/report/report-lines.js';
import { summarizeReport } from '../../src/report/summarize-report.js';
import { L, tempDir } from './report-fixtures.js';

const h = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Keys through every status over three runs, one killed mid-request, a dry run, short (hand-made) and real hashes. */
const LINES: ReportLine[] = [
  L.run('r1'),
  L.intent('a', h('a1')),
  L.uploaded('a', h('a1'), 11),
  L.intent('b', 'hb'),
  L.uncertain('b', 'hb'),
  L.invalid('c', h('c1')),
  L.intent('d', h('d1')),
  L.uploaded('d', h('d1'), 14),
  L.intent('e', h('e1')),
  {
    type: 'summary',
    at: 'x',
    counts: { uploaded: 2, invalid: 1, failed: 0, uncertain: 1, skipped: 0, changed: 0 },
    rows: 4,
    durationMs: 5,
    interrupted: false,
  },
  L.run('r2'),
  L.changed('d', h('d2'), h('d1'), 14),
  L.intent('f', h('f1')),
  L.retrying('f', h('f1')),
  L.intent('g', h('g1')),
  L.run('r3'),
  { type: 'skipped', at: 'x', key: 'z', hash: h('z'), location: { file: 'data.csv', row: 9 }, why: 'dry-run', plan: 'upload' },
  L.intent('i', h('i1')),
  L.failed('i', h('i1'), false),
  L.intent('a', h('a1')),
];

describe('compactReport', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  test('rewrites the report as one state line per key, runs and summaries kept, and folds to the same state', async () => {
    const file = join(dir, 'r.jsonl');
    await writeFile(file, LINES.map((l) => `${JSON.stringify(l)}\n`).join(''));
    const before = (await loadReportState(file, { whole: true })).state;

    const result = await compactReport(file);
    expect(result).toMatchObject({ linesBefore: LINES.length, keys: 8 });
    const lines = (await readFile(file, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; key?: string });
    expect(lines.map((l) => l.type)).toEqual([
      'run',
      'state',
      'state',
      'state',
      'summary',
      'run',
      'state',
      'state',
      'state',
      'run',
      'state',
      'state',
    ]);
    expect(result.linesAfter).toBe(lines.length);
    expect(await readdir(dir)).toEqual(['r.jsonl']);

    const after = (await loadReportState(file, { whole: true })).state;
    expect(summarizeReport(after)).toEqual(summarizeReport(before));
    expect(after.runs).toEqual(before.runs);
    for (const [key, entry] of before.keys) {
      const { line: _l, ...was } = entry;
      const { line: _m, ...now } = after.keys.get(key)!;
      expect(now).toEqual(was);
    }

    // Compacting a compacted report changes nothing.
    const text = await readFile(file, 'utf8');
    await compactReport(file);
    expect(await readFile(file, 'utf8')).toBe(text);
  });
});
