import { foldReport } from '../../src/report/fold-report.js';
import { createRowRouter, type Routed } from '../../src/upload/route-row.js';
import { L } from '../report/report-fixtures.js';
import { row } from './upload-fixtures.js';

const plain = { onChange: 'report', retryFailed: false, retryUncertain: false } as const;

/** What a routed row comes to, in short: the outcome line's type (and why), or `send` with its marks. */
function shortly(routed: Routed): unknown {
  const { route } = routed;
  if (route.type === 'send') return ['send', route.row.marks ?? {}];
  return [route.line.type, 'why' in route.line ? route.line.why : undefined];
}

describe('the row router: the resume decision, to an outcome line or a send', () => {
  // a: uploaded as h-a (id 7); b: rejected; c: left uncertain; d: uploaded as an older version (id 9).
  const previous = foldReport([
    L.run('r1'),
    L.intent('a', 'h-a'),
    L.uploaded('a', 'h-a', 7),
    L.intent('b', 'h-b'),
    L.failed('b', 'h-b', false),
    L.intent('c', 'h-c'),
    L.uncertain('c', 'h-c'),
    L.intent('d', 'h-d-old'),
    L.uploaded('d', 'h-d-old', 9),
  ]);

  test('with no ledger every valid row is sent plainly, and an invalid row goes to its line with its cells', () => {
    const router = createRowRouter({ previous: undefined, resume: plain, maxChanges: undefined });
    const valid = router.route(row('a'));
    expect(valid).toEqual({
      route: {
        type: 'send',
        row: {
          base: { key: 'a', hash: 'h-a', location: { file: 'data.csv', row: 2 } },
          body: row('a').body,
          sourceValues: row('a').sourceValues,
        },
      },
      stop: undefined,
    });
    const invalid = router.route(row('x', { invalid: true }));
    expect(invalid.route).toMatchObject({
      type: 'outcome',
      line: { type: 'invalid', key: 'x', problems: [{ code: 'VALUE_NOT_A_NUMBER' }], sourceValues: { 温度: 'abc' } },
    });
  });

  test('against the ledger: skip what is stored, hold back rejected and uncertain rows, report a changed one', () => {
    const router = createRowRouter({ previous, resume: plain, maxChanges: undefined });
    expect(['a', 'b', 'c'].map((k) => shortly(router.route(row(k))))).toEqual([
      ['skipped', 'uploaded'],
      ['skipped', 'failed'],
      ['skipped', 'uncertain'],
    ]);
    expect(router.route(row('a')).route).toMatchObject({ line: { id: 7 } });
    expect(router.route(row('d', { hash: 'h-d-new' })).route).toMatchObject({
      type: 'outcome',
      line: { type: 'changed', oldHash: 'h-d-old', oldId: 9 },
    });
  });

  test('when asked: a rejected row retried plainly, an uncertain one re-sent marked resendOf, a changed one uploaded marked replaces', () => {
    const router = createRowRouter({
      previous,
      resume: { onChange: 'upload', retryFailed: true, retryUncertain: true },
      maxChanges: undefined,
    });
    expect(shortly(router.route(row('b')))).toEqual(['send', {}]);
    expect(shortly(router.route(row('c')))).toEqual(['send', { resendOf: { runId: 'r1', at: expect.any(String), reason: 'status 500' } }]);
    expect(shortly(router.route(row('d', { hash: 'h-d-new' })))).toEqual(['send', { replaces: { id: 9, hash: 'h-d-old' } }]);
  });

  test('--max-changes counts changed rows in read order: the one past the limit gets its changed line, is not sent, and stops the run', () => {
    const edited = foldReport(['p', 'q', 'r'].flatMap((k, i) => [L.intent(k, `h-${k}`), L.uploaded(k, `h-${k}`, 20 + i)]));
    const router = createRowRouter({ previous: edited, resume: { ...plain, onChange: 'upload' }, maxChanges: 2 });
    const routed = ['p', 'q', 'r'].map((k) => router.route(row(k, { hash: `h-${k}-new` })));
    expect(routed.map(shortly)).toEqual([
      ['send', { replaces: { id: 20, hash: 'h-p' } }],
      ['send', { replaces: { id: 21, hash: 'h-q' } }],
      ['changed', undefined],
    ]);
    expect(routed.map((r) => r.stop)).toEqual([undefined, undefined, { code: 'MAX_CHANGES_REACHED', limit: 2 }]);
  });
});
