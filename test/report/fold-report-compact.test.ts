import { createHash } from 'node:crypto';
import { createReportFolder, foldReport, type LedgerState } from '../../src/report/fold-report.js';
import { planResume } from '../../src/report/plan-resume.js';
import type { ReportLine } from '../../src/report/report-lines.js';
import { summarizeReport } from '../../src/report/summarize-report.js';
import { L } from './report-fixtures.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const h = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Runs that take keys through every status, with real (sha256 hex) hashes. */
const LINES: ReportLine[] = [
  L.run('r1'),
  L.intent('a', h('a1')),
  L.uploaded('a', h('a1'), 11),
  L.intent('b', h('b1')),
  L.uncertain('b', h('b1')),
  L.invalid('c', h('c1')),
  L.intent('d', h('d1')),
  L.uploaded('d', h('d1'), 14),
  L.intent('e', h('e1')),
  L.intent('g', h('g1')),
  L.uploaded('g', h('g1'), 17),
  L.run('r2'),
  L.skipped('a', h('a1'), 'uploaded'),
  L.changed('d', h('d2'), h('d1'), 14),
  L.intent('f', h('f1')),
  L.retrying('f', h('f1')),
  L.failed('f', h('f1'), true),
  L.intent('b', h('b1')),
  L.uploaded('b', h('b1'), 12),
  L.intent('g', h('g2')),
  L.uploaded('g', h('g2'), 18),
  L.run('r3'),
  L.skipped('d', h('d1'), 'uploaded'),
  L.intent('i', h('i1')),
  L.failed('i', h('i1'), false),
];

function compact(lines: readonly ReportLine[]): LedgerState {
  const folder = createReportFolder({ compact: true });
  for (const line of lines) folder.add(line);
  return folder.state();
}

describe('createReportFolder({ compact: true })', () => {
  test('keeps the source digest an upload, a skipped line or a state line gives, as the whole fold does', () => {
    const src = (text: string): string => h(text).slice(0, 32);
    const withSrc = (line: ReportLine, text: string): ReportLine => ({ ...line, src: src(text) }) as ReportLine;
    const lines: ReportLine[] = [
      L.run('s1'),
      L.intent('p', h('p1')),
      withSrc(L.uploaded('p', h('p1'), 1), 'p cells'),
      L.intent('q', h('q1')),
      withSrc(L.uploaded('q', h('q1'), 2), 'q cells'),
      L.intent('r', h('r1')),
      withSrc(L.uploaded('r', h('r1'), 3), 'r cells'),
      L.run('s2'),
      // p: other cells, the same record; q: uploaded again by a run that computed no digest; r: changed.
      withSrc(L.skipped('p', h('p1'), 'uploaded'), 'p cells 2'),
      L.intent('q', h('q2')),
      L.uploaded('q', h('q2'), 4),
      L.changed('r', h('r2'), h('r1'), 3),
    ];
    const whole = foldReport(lines);
    const small = compact(lines);
    const got = ['p', 'q', 'r'].map((key) => [small.keys.get(key)?.src, whole.keys.get(key)?.src]);
    expect(got).toEqual([
      [src('p cells 2'), src('p cells 2')],
      [undefined, undefined],
      [src('r cells'), src('r cells')],
    ]);
    // Only a plainly uploaded key is found by its digest.
    expect(small.compactKeys?.holds('p', Buffer.from(src('p cells 2'), 'hex'))).toBe(true);
    expect(small.compactKeys?.holds('p', Buffer.from(src('p cells'), 'hex'))).toBe(false);
    expect(small.compactKeys?.holds('r', Buffer.from(src('r cells'), 'hex'))).toBe(false);
  });

  test('gives every key the state the whole fold gives, and the same summary', () => {
    const whole = foldReport(LINES);
    const small = compact(LINES);
    expect(small.keys.size).toBe(whole.keys.size);
    for (const [key, entry] of whole.keys) {
      const { status, hash, attempts, uploaded, uncertainHash, uncertainSince, failure, reason, line } = entry;
      const record = small.keys.get(key)!;
      // The compact fold makes a plain key's upload time a text only when asked: compared as plain data.
      expect({ key, ...record, uploaded: record.uploaded && JSON.parse(JSON.stringify(record.uploaded)) }).toEqual({
        key,
        status,
        hash,
        attempts,
        uploaded: uploaded && JSON.parse(JSON.stringify(uploaded)),
        uncertainHash,
        uncertainSince,
        failure,
        reason,
        line,
        ...('location' in small.keys.get(key)!
          ? { location: entry.location, problems: entry.problems, sourceValues: entry.sourceValues, openIntent: undefined }
          : {}),
      });
    }
    expect(small.counts).toEqual(whole.counts);
    expect(small.onPlatform).toBe(whole.onPlatform);
    expect(summarizeReport(small)).toEqual(summarizeReport(whole));
  });

  test('holds the plainly uploaded keys outside the heap entries, and outstanding ones whole', () => {
    const small = compact(LINES);
    expect([...small.outstanding()].map((e) => e.key).sort()).toEqual(['c', 'e', 'f', 'i']);
    // a, b, d (its change undone) and g are plainly uploaded: looked up, not held as objects.
    for (const key of ['a', 'b', 'd', 'g']) expect(small.keys.get(key)).not.toHaveProperty('location');
  });

  test('plans every resume decision as the whole fold does', () => {
    const whole = foldReport(LINES);
    const small = compact(LINES);
    const rows = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'i', 'new'].flatMap((key) => [1, 2, 3].map((v) => ({ key, hash: h(`${key}${v}`) })));
    for (const options of [
      { onChange: 'report', retryFailed: false, retryUncertain: false },
      { onChange: 'upload', retryFailed: true, retryUncertain: true },
    ] as const) {
      for (const row of rows) expect([row.key, planResume(small, row, options)]).toEqual([row.key, planResume(whole, row, options)]);
    }
  });

  test('a ledger whose older values went to a file plans and counts as the whole fold', async () => {
    const dir = await makeTempDir('mge-fold-');
    // 140,000 plainly uploaded keys (over two pages, so the oldest values leave memory), then the mixed runs.
    const many: ReportLine[] = [L.run('r0')];
    for (let i = 0; i < 140_000; i++) many.push(L.intent(`k${i}`, h(`k${i}`)), L.uploaded(`k${i}`, h(`k${i}`), 1_000 + i));
    const lines = [...many, ...LINES, L.run('r4'), L.intent('k5', h('k5 edited')), L.uploaded('k5', h('k5 edited'), 99)];
    const folder = createReportFolder({ compact: true, spillDirs: [dir] });
    for (const line of lines) folder.add(line);
    const small = folder.state();
    const whole = foldReport(lines);
    expect(small.counts).toEqual(whole.counts);
    expect(summarizeReport(small)).toEqual(summarizeReport(whole));
    const options = { onChange: 'upload', retryFailed: false, retryUncertain: false } as const;
    const differ: string[] = [];
    for (const key of ['k0', 'k5', 'k70000', 'k139999', 'a', 'b', 'd', 'f', 'g', 'new']) {
      for (const hash of [h(key), h(`${key}1`), h('k5 edited')]) {
        if (planResume(small, { key, hash }, options) !== planResume(whole, { key, hash }, options)) differ.push(`${key} ${hash}`);
      }
      const { line, attempts, uploaded } = whole.keys.get(key) ?? {};
      if (JSON.stringify(small.keys.get(key)?.uploaded) !== JSON.stringify(uploaded)) differ.push(`${key} uploaded`);
      if (small.keys.get(key)?.line !== line || small.keys.get(key)?.attempts !== attempts) differ.push(`${key} line/attempts`);
    }
    expect(differ).toEqual([]);
  });
});
