import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fillMeta as fill } from '../helpers/fill-meta.js';
import { runBuiltCli } from './run-built-cli.js';
import { runCliInProcess as cli } from './run-cli-in-process.js';
import { tempDirSync } from '../helpers/temp-dir.js';

const dir = tempDirSync('mge-init-');
const env = { XDG_CACHE_HOME: join(dir, 'cache') };

describe('mge-ingest init', () => {
  test.each([
    { tid: 201, input: 'samples/steel_strength.csv', flags: [] },
    { tid: 202, input: 'samples/ucsb_thermoelectrics.csv', flags: [] },
    { tid: 203, input: 'samples/steel_composition_rows.xlsx', flags: ['--header-row', '2', '--header-rows', '2'] },
  ])(
    'template $tid with --input $input: with the meta texts filled in, the scaffold validates every row',
    async ({ tid, input, flags }) => {
      const out = join(dir, `m${tid}.yaml`);
      const init = await cli(['init', String(tid), '--sandbox', '--input', input, ...flags, '--out', out], { env });
      expect(init.code).toBe(0);
      expect(init.stdout).toBe('');
      expect(init.stderr).toMatch(/fields without a column: /);
      expect(init.stderr).toMatch(/columns not used: /);
      const text = readFileSync(out, 'utf8');
      expect(text).toContain(`template: ${tid}`);
      // Unfilled, the scaffold is refused with its placeholders.
      const unfilled = await cli(['validate', '--sandbox', '--mapping', out, input], { env });
      expect(unfilled.code).toBe(2);
      expect(unfilled.stderr).toContain('MAPPING_PLACEHOLDER');
      writeFileSync(out, fill(text));
      const run = await cli(['validate', '--sandbox', '--mapping', out, input, '--json'], { env });
      // A scaffold with no live `key` gets one warning: edited rows would be uploaded again as new rows.
      const hasKey = /^key:/m.test(readFileSync(out, 'utf8'));
      expect(run.stderr.includes('warning MAPPING_NO_KEY: ')).toBe(!hasKey);
      expect(run.stderr.replace(/^warning MAPPING_NO_KEY: .*\n(?: {2}.*\n)*/, '')).not.toContain('MAPPING_');
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ files: 1, template: { id: tid } });
    },
  );

  test('the two-row header settings are written into the mapping, and headers are matched through group titles', async () => {
    const run = await cli(
      ['init', '203', '--sandbox', '--input', 'samples/steel_composition_rows.xlsx', '--header-row', '2', '--header-rows', '2'],
      { env },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^input:\n {2}headerRow: 2\n {2}headerRows: 2\n/m);
    expect(run.stdout).toContain('编号: 样品 / 编号');
    expect(run.stdout).toContain('\ngroupBy: [样品 / 编号]');
    expect(run.stdout).toContain('化学成分: {fromRows: {元素: 化学成分 / 元素, 含量: {column: 化学成分 / 含量 (wt.%), unit: wt.%}}}');
    expect(run.stderr).toContain('编号 ← "样品 / 编号"');
    expect(run.stderr).toContain('columns not used: (none)');
  });

  test('--out refuses to overwrite without --force', async () => {
    const out = join(dir, 'exists.yaml');
    writeFileSync(out, 'keep me\n');
    const refused = await cli(['init', '201', '--sandbox', '--out', out], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^error OUTPUT_EXISTS:/);
    expect(readFileSync(out, 'utf8')).toBe('keep me\n');
    const forced = await cli(['init', '201', '--sandbox', '--out', out, '--force'], { env });
    expect(forced.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('template: 201');
  });

  test('the built CLI prints the scaffold from a template file, offline', async () => {
    const run = await runBuiltCli(['init', '202', '--template-file', 'samples/templates.json', '--no-template-cache']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^version: 1$/m);
    expect(run.stdout).toContain('# 结晶性 — choice, options: 多晶 | 单晶 | 纳米颗粒, REQUIRED');
  });

  test('an unknown template exits 2', async () => {
    const run = await cli(['init', '999', '--sandbox'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error TEMPLATE_NOT_FOUND:/);
  });
});
