import { spawnSync } from 'node:child_process';

const dist = new URL('../../../dist/mapping/values/unit-conversion.js', import.meta.url).href;

/** Runs a snippet in a fresh Node process (the module cache of this test process is shared). */
function fresh(code: string): string {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout.trim();
}

describe('the units library', () => {
  test('is loaded only by a real conversion, not by same or dimensionless units', () => {
    const out = fresh(`
      import { createRequire } from 'node:module';
      const { unitConversion } = await import(${JSON.stringify(dist)});
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes('/mathjs/'));
      const before = [unitConversion('%', 'wt.%'), unitConversion('MPa', 'MPa'), unitConversion(undefined, 'K')];
      const first = loaded();
      const ksi = unitConversion('ksi', 'MPa');
      console.log(JSON.stringify({ first, before, ksi, after: loaded() }));
    `);
    const result = JSON.parse(out) as { first: boolean; after: boolean; ksi: { factor: number } };
    expect(result.first).toBe(false);
    expect(result.ksi.factor).toBeCloseTo(6.894757, 5);
    expect(result.after).toBe(true);
  });
});

describe('the slim units instance', () => {
  test('is the one in use, and converts exactly as the whole mathjs bundle does', () => {
    const pairs = [
      ['K', '℃'],
      ['℉', '℃'],
      ['ksi', 'MPa'],
      ['GPa', 'MPa'],
      ['ohm.cm', 'mΩ·cm'],
      ['Ω·cm', 'Ω·m'],
      ['S/cm', 'S/m'],
      ['um', 'nm'],
      ['h', 'min'],
      ['W/mK', 'W/(m·K)'],
      ['eV', 'kJ'],
      ['g/cm^3', 'kg/m^3'],
      ['bar', 'MPa'],
      ['MPa', 'mm'],
    ];
    const out = fresh(`
      import { createRequire } from 'node:module';
      const { unitConversion, unitsLoadedSlim, toMathUnit } = await import(${JSON.stringify(dist)});
      const slim = unitsLoadedSlim();
      const math = createRequire(import.meta.url)('mathjs');
      const full = math.create(math.all);
      full.createUnit('ksi', '1000 psi');
      const rows = ${JSON.stringify(pairs)}.map(([from, to]) => {
        let expected;
        try {
          const offset = full.unit(0, toMathUnit(from)).toNumber(toMathUnit(to));
          expected = { factor: full.unit(1, toMathUnit(from)).toNumber(toMathUnit(to)) - offset, offset };
        } catch { expected = null; }
        return { from, to, ours: unitConversion(from, to) ?? null, expected };
      });
      console.log(JSON.stringify({ slim, rows }));
    `);
    const result = JSON.parse(out) as { slim: boolean; rows: { from: string; ours: unknown; expected: unknown }[] };
    expect(result.slim).toBe(true);
    expect(result.rows.filter((r) => r.expected !== null)).toHaveLength(pairs.length - 1);
    for (const row of result.rows) expect({ from: row.from, conv: row.ours }).toEqual({ from: row.from, conv: row.expected });
  });
});
