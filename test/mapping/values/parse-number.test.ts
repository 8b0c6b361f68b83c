import { isPlain, parseNumber } from '../../../src/mapping/values/parse-number.js';

/** The plain-number pattern the fast path stands in for. */
const PLAIN = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

function* texts(prefix: string, depth: number): Generator<string> {
  yield prefix;
  if (depth === 0) return;
  for (const c of ['0', '7', '.', '-', '+', 'e', 'E', ' ', ',', 'x', '\u2212']) yield* texts(prefix + c, depth - 1);
}

describe('isPlain (the fast path of parseNumber)', () => {
  it('agrees with the plain-number pattern on every short text of number-like characters', () => {
    const wrong: string[] = [];
    for (const text of texts('', 4)) {
      for (const decimal of ['.', ','] as const) {
        const expected = PLAIN.test(text) && (decimal === '.' || !text.includes('.'));
        if (isPlain(text, decimal) !== expected) wrong.push(`${JSON.stringify(text)} ${decimal}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('leaves spaced, grouped and Unicode-minus numbers to the full parser', () => {
    expect(isPlain(' 12', '.')).toBe(false);
    expect(isPlain('\u22123', '.')).toBe(false);
    expect(parseNumber(' \u22123.5 ', '.')).toEqual({ ok: true, value: -3.5 });
    expect(parseNumber('1,234.5', '.')).toEqual({ ok: true, value: 1234.5 });
    expect(parseNumber('7.801412044e-8', '.')).toEqual({ ok: true, value: 7.801412044e-8 });
    expect(parseNumber('1e999', '.')).toEqual({ ok: false, code: 'VALUE_NOT_A_NUMBER' });
  });
});
