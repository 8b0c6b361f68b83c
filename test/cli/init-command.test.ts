import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBuiltCli } from './run-built-cli.js';
import { runCliInProcess as cli } from './run-cli-in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'mge-init-'));
const env = { XDG_CACHE_HOME: join(dir, 'cache') };

/** Fills what a curator would: meta texts, then each content FILL_IN with the next given column. */
function fill(text: string, columns: readonly string[]): string {
  let next = 0;
  return text
    .replace(/^ {2}title: FILL_IN/m, '  title: sample record')
    .replace(/^ {2}abstract: FILL_IN/m, '  abstract: a record from a sample file')
    .replace('[FILL_IN]', '[sample]')
    .split('\n')
    .map((line) => (line.trimStart().startsWith('#') ? line : line.replace(/\{column: FILL_IN\}/g, () => `{column: ${JSON.stringify(columns[next++])}}`)))
    .join('\n');
}

describe('mge-ingest init', () => {
  test.each([
    { tid: 201, input: 'samples/steel_strength.csv', flags: [], columns: ['formula', 'formula', 'yield strength'], exit: [0] },
    { tid: 202, input: 'samples/ucsb_thermoelectrics.csv', flags: [], columns: ['composition', 'crystallinity', 'rho (ohm.cm)', 'S [muV/K]'], exit: [1] },
    { tid: 203, input: 'samples/steel_composition_rows.xlsx', flags: ['--header-row', '2', '--header-rows', '2'], columns: ['化学成分 / 元素'], exit: [0, 1] },
  ])('template $tid with --input $input: the filled-in scaffold loads and validates', async ({ tid, input, flags, columns, exit }) => {
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
    writeFileSync(out, fill(text, columns));
    const run = await cli(['validate', '--sandbox', '--mapping', out, input, '--json'], { env });
    // The scaffold leaves `key` commented out: the only warning is that edited rows would be new rows.
    expect(run.stderr).toMatch(/^warning MAPPING_NO_KEY: /);
    expect(run.stderr.replace(/^warning MAPPING_NO_KEY: .*\n(?: {2}.*\n)*/, '')).not.toContain('MAPPING_');
    expect(exit).toContain(run.code);
    expect(JSON.parse(run.stdout)).toMatchObject({ files: 1, template: { id: tid } });
  });

  test('the two-row header settings are written into the mapping, and headers are matched through group titles', async () => {
    const run = await cli(['init', '203', '--sandbox', '--input', 'samples/steel_composition_rows.xlsx', '--header-row', '2', '--header-rows', '2'], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^input:\n {2}headerRow: 2\n {2}headerRows: 2\n/m);
    expect(run.stdout).toContain('编号: 样品 / 编号');
    expect(run.stderr).toContain('编号 ← "样品 / 编号"');
    expect(run.stderr).toContain('columns not used: "化学成分 / 元素", "化学成分 / 含量 (wt.%)"');
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
