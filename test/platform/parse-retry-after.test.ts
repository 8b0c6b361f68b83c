import { parseRetryAfter, RETRY_AFTER_CAP_MS } from '../../src/platform/parse-retry-after.js';

const NOW = Date.parse('2026-11-23T07:00:00Z');

describe('parseRetryAfter', () => {
  test.each<[string | undefined, number | undefined]>([
    [undefined, undefined],
    ['', undefined],
    ['0', 0],
    ['1', 1000],
    ['120', 120_000],
    [' 7 ', 7000],
    ['1.5', 1500],
    ['-1', undefined],
    ['10s', undefined],
    ['soon', undefined],
    ['2026', RETRY_AFTER_CAP_MS],
    ['Mon, 23 Nov 2026 07:00:30 GMT', 30_000],
    ['Mon, 23 Nov 2026 06:59:00 GMT', 0],
    ['Mon, 32 Foo 2026 07:00:30 GMT', undefined],
    ['999999', RETRY_AFTER_CAP_MS],
    ['Tue, 24 Nov 2026 07:00:00 GMT', RETRY_AFTER_CAP_MS],
  ])('%p → %p ms', (header, expected) => {
    expect(parseRetryAfter(header, NOW)).toBe(expected);
  });

  test('a smaller cap applies', () => {
    expect(parseRetryAfter('60', NOW, 5000)).toBe(5000);
  });
});
