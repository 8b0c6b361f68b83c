import { NO_STREAKS, nextStreaks, trippedBreaker, type AttemptAnswer, type Streaks } from '../../src/upload/outcome-streaks.js';

const unknown500: AttemptAnswer = { stored: 'unknown', unreachable: false };
const unknown502: AttemptAnswer = { stored: 'unknown', unreachable: true };
const busy503: AttemptAnswer = { stored: 'no', unreachable: true };
const rejected422: AttemptAnswer = { stored: 'no', unreachable: false };
const stored: AttemptAnswer = { stored: 'yes', unreachable: false };

describe('nextStreaks', () => {
  test.each<[string, readonly AttemptAnswer[], Streaks]>([
    ['nothing yet', [], { unknown: 0, unreachable: 0 }],
    ['three 500s', [unknown500, unknown500, unknown500], { unknown: 3, unreachable: 0 }],
    ['502s count as unknown and unreachable', [unknown502, unknown502], { unknown: 2, unreachable: 2 }],
    ['a success resets both', [unknown502, unknown502, stored], { unknown: 0, unreachable: 0 }],
    ['a 422 is certain: resets the unknown streak', [unknown500, unknown500, rejected422], { unknown: 0, unreachable: 0 }],
    ['a 503 is certain (not stored) but unreachable', [unknown502, busy503], { unknown: 0, unreachable: 2 }],
    ['a 500 is an answer: resets the unreachable streak', [busy503, busy503, unknown500], { unknown: 1, unreachable: 0 }],
    ['the streak counts from the last certain answer', [unknown500, stored, unknown500, unknown500], { unknown: 2, unreachable: 0 }],
  ])('%s', (_name, answers, expected) => {
    expect(answers.reduce(nextStreaks, NO_STREAKS)).toEqual(expected);
  });
});

describe('trippedBreaker', () => {
  const limits = { maxUnknown: 3, maxUnreachable: 5 };
  test.each<[Streaks, ReturnType<typeof trippedBreaker>]>([
    [{ unknown: 2, unreachable: 4 }, undefined],
    [{ unknown: 3, unreachable: 0 }, 'UNCERTAIN_STREAK'],
    [{ unknown: 0, unreachable: 5 }, 'PLATFORM_UNREACHABLE'],
    // Both at their limit: the rows that may be stored are what a curator must look at first.
    [{ unknown: 5, unreachable: 5 }, 'UNCERTAIN_STREAK'],
  ])('%j → %s', (streaks, expected) => {
    expect(trippedBreaker(streaks, limits)).toBe(expected);
  });
});
