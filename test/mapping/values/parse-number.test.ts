import { isPlain, parseNumber, plainNumber } from '../../../src/mapping/values/parse-number.js';

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

describe('plainNumber (the one-scan reading of a plain number cell)', () => {
  /** What plainNumber stands in for: the plain check, then `Number`, then finiteness. */
  const reference = (text: string, decimal: '.' | ','): number => {
    if (!isPlain(text, decimal)) return Number.NaN;
    const v = Number(text);
    return Number.isFinite(v) ? v : Number.NaN;
  };

  it('gives the same double as Number on every short text of number-like characters', () => {
    const wrong: string[] = [];
    for (const text of texts('', 4)) {
      for (const decimal of ['.', ','] as const) {
        if (!Object.is(plainNumber(text, decimal), reference(text, decimal))) wrong.push(`${JSON.stringify(text)} ${decimal}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('gives the same double as Number on 200,000 random decimals of every length and scale', () => {
    // A fixed-seed generator: the same texts on every run, so a failure names one that can be replayed.
    let seed = 20261129;
    const next = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const digits = (k: number): string => Array.from({ length: k }, () => String(Math.floor(next() * 10))).join('');
    const wrong: string[] = [];
    for (let i = 0; i < 200_000 && wrong.length < 5; i++) {
      const whole = digits(Math.floor(next() * 12));
      const fraction = digits(Math.floor(next() * 12));
      const sign = next() < 0.3 ? '-' : '';
      const text = `${sign}${whole}${fraction === '' && next() < 0.5 ? '' : '.'}${fraction}`;
      if (!Object.is(plainNumber(text, '.'), reference(text, '.'))) wrong.push(text);
    }
    expect(wrong).toEqual([]);
  });

  it('reads exponents, long digit runs and signed zeros as Number does, and refuses what is not plain', () => {
    for (const text of ['1e3', '-2.5E-7', '12345678901234567890', '0.1234567890123456789', '-0', '+0.0', '5.', '.5', '007']) {
      expect(Object.is(plainNumber(text, '.'), Number(text))).toBe(true);
    }
    expect(plainNumber('1e999', '.')).toBeNaN();
    expect(plainNumber('5.', ',')).toBeNaN();
    expect(plainNumber('1,5', ',')).toBeNaN();
    expect(plainNumber(' 12', '.')).toBeNaN();
    expect(plainNumber('', '.')).toBeNaN();
    expect(plainNumber('-', '.')).toBeNaN();
    expect(plainNumber('0x10', '.')).toBeNaN();
  });
});
