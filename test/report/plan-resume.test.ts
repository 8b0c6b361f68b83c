import { foldReport } from '../../src/report/fold-report.js';
import { planResume, type ResumeDecision, type ResumeOptions } from '../../src/report/plan-resume.js';
import type { ReportLine } from '../../src/report/report-lines.js';
import { L } from './report-fixtures.js';

const DEFAULTS: ResumeOptions = { onChange: 'report', retryFailed: false, retryUncertain: false };

type Case = [string, ReportLine[], string, Partial<ResumeOptions>, ResumeDecision];

const cases: Case[] = [
  ['unknown key', [], 'h1', {}, 'upload'],
  ['uploaded, same hash', [L.intent('a', 'h1'), L.uploaded('a', 'h1', 1)], 'h1', {}, 'skip-uploaded'],
  [
    'uploaded, same hash, every flag on',
    [L.intent('a', 'h1'), L.uploaded('a', 'h1', 1)],
    'h1',
    { retryFailed: true, retryUncertain: true, onChange: 'upload' },
    'skip-uploaded',
  ],
  ['uploaded, new hash', [L.intent('a', 'h1'), L.uploaded('a', 'h1', 1)], 'h2', {}, 'changed-skip'],
  ['uploaded, new hash, onChange upload', [L.intent('a', 'h1'), L.uploaded('a', 'h1', 1)], 'h2', { onChange: 'upload' }, 'changed-upload'],
  ['changed earlier, still the new hash', [L.uploaded('a', 'h1', 1), L.changed('a', 'h2', 'h1', 1)], 'h2', {}, 'changed-skip'],
  ['changed earlier, reverted to the uploaded hash', [L.uploaded('a', 'h1', 1), L.changed('a', 'h2', 'h1', 1)], 'h1', {}, 'skip-uploaded'],
  ['failed transiently', [L.intent('a', 'h1'), L.failed('a', 'h1', true)], 'h1', {}, 'retry'],
  ['rejected (422)', [L.intent('a', 'h1'), L.failed('a', 'h1', false)], 'h1', {}, 'skip-failed'],
  ['rejected, --retry-failed', [L.intent('a', 'h1'), L.failed('a', 'h1', false)], 'h1', { retryFailed: true }, 'retry'],
  ['rejected, then fixed (new hash)', [L.intent('a', 'h1'), L.failed('a', 'h1', false)], 'h2', {}, 'upload'],
  ['killed while waiting to retry', [L.intent('a', 'h1'), L.retrying('a', 'h1')], 'h1', {}, 'retry'],
  ['invalid before', [L.invalid('a', 'h0')], 'h1', {}, 'upload'],
  ['invalid before, same hash', [L.invalid('a', 'h1')], 'h1', {}, 'upload'],
  ['uncertain', [L.intent('a', 'h1'), L.uncertain('a', 'h1')], 'h1', {}, 'skip-uncertain'],
  ['uncertain, --retry-uncertain', [L.intent('a', 'h1'), L.uncertain('a', 'h1')], 'h1', { retryUncertain: true }, 'resend-uncertain'],
  ['intent without outcome', [L.intent('a', 'h1')], 'h1', {}, 'skip-uncertain'],
  ['intent without outcome, --retry-uncertain', [L.intent('a', 'h1')], 'h1', { retryUncertain: true }, 'resend-uncertain'],
  [
    'uncertain, reported changed, back to the uncertain content, --retry-uncertain',
    [L.intent('a', 'h1'), L.uncertain('a', 'h1'), L.changed('a', 'h2', 'h1')],
    'h1',
    { retryUncertain: true },
    'resend-uncertain',
  ],
  [
    'uncertain, then uploaded by a re-send',
    [L.intent('a', 'h1'), L.uncertain('a', 'h1'), L.intent('a', 'h1'), L.uploaded('a', 'h1', 4)],
    'h1',
    { retryUncertain: true },
    'skip-uploaded',
  ],
  [
    'failed transiently, --retry-uncertain changes nothing',
    [L.intent('a', 'h1'), L.failed('a', 'h1', true)],
    'h1',
    { retryUncertain: true },
    'retry',
  ],
  ['uncertain, then new content', [L.intent('a', 'h1'), L.uncertain('a', 'h1')], 'h2', {}, 'changed-skip'],
  [
    'uncertain, reported changed, same new content again',
    [L.intent('a', 'h1'), L.uncertain('a', 'h1'), L.changed('a', 'h2', 'h1')],
    'h2',
    {},
    'changed-skip',
  ],
  [
    'skipped as uncertain in a later run',
    [L.run('r1'), L.intent('a', 'h1'), L.run('r2'), L.skipped('a', 'h1', 'uncertain')],
    'h1',
    {},
    'skip-uncertain',
  ],
];

describe('planResume', () => {
  for (const [name, lines, hash, options, expected] of cases) {
    test(`${name} → ${expected}`, () => {
      expect(planResume(foldReport(lines), { key: 'a', hash }, { ...DEFAULTS, ...options })).toBe(expected);
    });
  }

  test('nightly: a grown file uploads only new rows and reports the edited one', () => {
    const state = foldReport([L.run(), ...['k1', 'k2', 'k3'].flatMap((k, i) => [L.intent(k, `h-${k}`), L.uploaded(k, `h-${k}`, i + 1)])]);
    const tonight = [
      { key: 'k1', hash: 'h-k1' },
      { key: 'k2', hash: 'h-k2-edited' },
      { key: 'k3', hash: 'h-k3' },
      { key: 'k4', hash: 'h-k4' },
    ];
    expect(tonight.map((row) => planResume(state, row, DEFAULTS))).toEqual(['skip-uploaded', 'changed-skip', 'skip-uploaded', 'upload']);
  });
});
