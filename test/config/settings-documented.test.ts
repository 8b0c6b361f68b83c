import { readFileSync } from 'node:fs';
import { SETTING_SPECS } from '../../src/config/setting-specs.js';
import { DEFAULT_SETTINGS } from '../../src/config/settings.js';

const README = readFileSync('README.md', 'utf8');
const GUARANTEES = readFileSync('docs/guarantees.md', 'utf8');

describe('the documentation names every setting', () => {
  test.each(SETTING_SPECS.map((spec) => [spec.name, spec.env]))('README settings table: --%s, %s', (name, env) => {
    const row = README.split('\n').find((line) => line.startsWith('|') && line.includes(`\`--${name}`) && line.includes(`\`${env}\``));
    expect(row).toBeDefined();
  });

  test('the circuit breaker default is the one the docs state', () => {
    expect(DEFAULT_SETTINGS.maxUncertainStreak).toBe(10);
    expect(README).toMatch(/\| `--max-uncertain-streak` \| `MGE_MAX_UNCERTAIN_STREAK` \| 10 \|/);
    expect(GUARANTEES).toContain('default **10**');
  });
});
