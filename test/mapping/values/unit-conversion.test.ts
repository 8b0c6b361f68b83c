import { convertValue, roundTo12 } from '../../../src/mapping/values/unit-conversion.js';
import { seededRandom as random } from '../../helpers/seeded-random.js';

describe('roundTo12', () => {
  test('gives exactly the double of toPrecision(12) for converted values of every size and sign', () => {
    const next = random(20261123);
    // The conversions of real mappings: K → ℃, ℉ → ℃, ksi → MPa, ×1000, ×100, ÷1000, ×3.6.
    const conversions: [number, number][] = [
      [1, -273.15],
      [5 / 9, -17.77777777777778],
      [6.89475729276459, 0],
      [1000, 0],
      [100, 0],
      [0.001, 0],
      [3.6, 0],
      [1, 273.15],
    ];
    const misses: number[] = [];
    let checked = 0;
    for (const [factor, offset] of conversions) {
      for (let i = 0; i < 25_000; i++) {
        const digits = 1 + Math.floor(next() * 16);
        const magnitude = 10 ** (Math.floor(next() * 24) - 12);
        const x = Number((next() * magnitude).toPrecision(digits)) * (next() < 0.2 ? -1 : 1);
        const v = x * factor + offset;
        checked++;
        if (!Object.is(roundTo12(v), Number(v.toPrecision(12)))) misses.push(v);
      }
    }
    expect(checked).toBe(200_000);
    expect(misses).toEqual([]);
  });

  test.each([
    126.85000000000002,
    0.30000000000000004,
    999.9999999999999,
    99999999999.99998,
    1e11,
    1e-10,
    9.999999999999999e-11,
    -273.1753153665,
    1.0000000000005,
    2.5e-7,
    1e300,
    -0.1,
    Infinity,
  ])('edge value %p', (v) => {
    expect(Object.is(roundTo12(v), Number(v.toPrecision(12)))).toBe(true);
  });

  test('removes the binary noise of a conversion', () => {
    expect(convertValue(400, { factor: 1, offset: -273.15 })).toBe(126.85);
    expect(convertValue(0.001240099, { factor: 1000, offset: 0 })).toBe(1.240099);
    expect(convertValue(273.15, { factor: 1, offset: -273.15 })).toBe(0);
  });
});

describe('materials unit notations', () => {
  test('everything after the one slash is below it, and Å is the ångström', async () => {
    const { unitConversion, isKnownUnit } = await import('../../../src/mapping/values/unit-conversion.js');
    expect(unitConversion('W/m.K', 'W/(m·K)')).toEqual({ factor: 1, offset: 0 });
    expect(unitConversion('W/m·K', 'W/mK')).toEqual({ factor: 1, offset: 0 });
    expect(unitConversion('J/kg·K', 'J/(g*K)')?.factor).toBeCloseTo(0.001, 12);
    expect(unitConversion('Å', 'nm')?.factor).toBeCloseTo(0.1, 12);
    expect([
      isKnownUnit('MPa'),
      isKnownUnit('vol.%'),
      isKnownUnit('°C'),
      isKnownUnit('W/m.K'),
      isKnownUnit('PBE'),
      isKnownUnit('AM/CR'),
      isKnownUnit(''),
    ]).toEqual([true, true, true, true, false, false, false]);
  });
});
