import { RUN_TUNING } from '../../src/config/settings.js';
import { backoffDelay } from '../../src/platform/backoff-delay.js';

const options = { baseMs: 100, capMs: 1000 };

describe('backoffDelay', () => {
  test.each([
    [1, 100],
    [2, 200],
    [3, 400],
    [4, 800],
    [5, 1000],
    [50, 1000],
  ])('attempt %i stays below its ceiling %i', (attempt, ceiling) => {
    expect(backoffDelay(attempt, options, () => 0)).toBe(0);
    expect(backoffDelay(attempt, options, () => 0.5)).toBe(ceiling / 2);
    const top = backoffDelay(attempt, options, () => 0.999999);
    expect(top).toBeLessThan(ceiling);
    expect(top).toBeGreaterThanOrEqual(ceiling - 1);
  });

  test('full jitter spreads delays over the whole range', () => {
    let seed = 1;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const delays = Array.from({ length: 500 }, () => backoffDelay(3, options, random));
    expect(Math.min(...delays)).toBeLessThan(40);
    expect(Math.max(...delays)).toBeGreaterThan(360);
    expect(delays.every((d) => d >= 0 && d < 400)).toBe(true);
  });

  test('a random source outside [0, 1) is clamped; attempt 0 counts as the first', () => {
    expect(backoffDelay(2, options, () => 7)).toBe(200);
    expect(backoffDelay(2, options, () => -1)).toBe(0);
    expect(backoffDelay(0, options, () => 0.5)).toBe(50);
  });

  test('the backoff of every retry is the documented one, written once', () => {
    expect(RUN_TUNING.backoff).toEqual({ baseMs: 500, capMs: 30_000 });
  });
});
