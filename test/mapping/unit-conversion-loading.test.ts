import { spawnSync } from 'node:child_process';

const dist = new URL('../../dist/mapping/unit-conversion.js', import.meta.url).href;

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
