import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { runBuiltCli } from './run-built-cli.js';
import { runCliInProcess as cli } from './run-cli-in-process.js';
import { tempDirSync } from '../helpers/temp-dir.js';

const root = new URL('../../', import.meta.url).pathname;
const dir = tempDirSync('mge-validate-');
// Fetched templates are cached here, never in the real home directory.
const env = { XDG_CACHE_HOME: join(dir, 'cache') };

/** A copy of the thermoelectrics sample with three broken cells (line numbers as a spreadsheet shows them). */
function brokenCopy(): string {
  const records: string[][] = parse(readFileSync(join(root, 'samples', 'ucsb_thermoelectrics.csv')), { relax_column_count: true });
  records[16]![5] = 'abc'; // F17: rho (ohm.cm), a number column
  records[20]![2] = 'Amorphous'; // C21: crystallinity, not an option once mapped
  records[25]![1] = ''; // B26: composition, required
  const file = join(dir, 'broken.csv');
  writeFileSync(file, records.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n') + '\n');
  return file;
}

function writeMapping(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('mge-ingest validate', () => {
  const broken = brokenCopy();

  test('every sample validates with exit 0 on the sandbox; --json is parseable', async () => {
    const runs = await Promise.all([
      runBuiltCli(['validate', '--sandbox', '--mapping', 'mappings/steel_strength.yaml', 'samples/steel_strength.csv'], { env }),
      runBuiltCli(
        ['validate', '--sandbox', '--mapping', 'mappings/ucsb_thermoelectrics.yaml', 'samples/ucsb_thermoelectrics.csv', '--json'],
        { env },
      ),
      runBuiltCli(['validate', '--sandbox', '--mapping', 'mappings/steel_composition_rows.yaml', 'samples/steel_composition_rows.xlsx'], {
        env,
      }),
    ]);
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0]);
    expect(runs.map((r) => r.stderr)).toEqual(['', '', '']);
    expect(runs[0].stdout).toMatch(/312 record\(s\): 312 valid, 0 invalid/);
    const summary = JSON.parse(runs[1].stdout) as Record<string, unknown>;
    expect(summary).toMatchObject({
      files: 1,
      records: 1093,
      rows: 1093,
      valid: 1093,
      invalid: 0,
      invalidByCode: {},
      stoppedEarly: false,
      template: { id: 202, from: 'platform' },
    });
    expect(runs[2].stdout).toMatch(/259 row\(s\), 24 record\(s\): 24 valid/);
  });

  test('a template file works offline, with no platform settings', async () => {
    const run = await cli([
      'validate',
      '--template-file',
      'samples/templates.json',
      '--no-template-cache',
      '--mapping',
      'mappings/steel_strength.yaml',
      'samples/steel_strength.csv',
      '--json',
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ valid: 312, template: { id: 201, from: 'file' } });
  });

  test('broken cells: exit 1, the table names each cell and header, both error files carry the original cells', async () => {
    const csvOut = join(dir, 'errors.csv');
    const jsonlOut = join(dir, 'errors.jsonl');
    const [table, jsonl] = await Promise.all([
      cli(['validate', '--sandbox', '--mapping', 'mappings/ucsb_thermoelectrics.yaml', broken, '--errors', csvOut], { env }),
      cli(['validate', '--sandbox', '--mapping', 'mappings/ucsb_thermoelectrics.yaml', broken, '--errors', jsonlOut, '--json'], { env }),
    ]);
    expect(table.code).toBe(1);
    expect(table.stdout).toMatch(/F17\s+rho \(ohm\.cm\)\s+content\.电阻率\s+VALUE_NOT_A_NUMBER\s+.*abc/);
    expect(table.stdout).toMatch(/C21\s+crystallinity\s+content\.结晶性\s+CHOICE_NOT_AN_OPTION\s+.*Amorphous/);
    expect(table.stdout).toMatch(/B26\s+composition\s+content\.成分\s+REQUIRED_MISSING/);
    expect(table.stdout).toMatch(/1093 record\(s\): 1090 valid, 3 invalid/);

    const rows = parse<Record<string, string>>(readFileSync(csvOut), { bom: true, columns: true });
    expect(rows.map((r) => [r['_row'], r['_cells'], r['_codes']])).toEqual([
      ['17', 'F17', 'VALUE_NOT_A_NUMBER'],
      ['21', 'C21', 'CHOICE_NOT_AN_OPTION'],
      ['26', 'B26', expect.stringContaining('REQUIRED_MISSING')],
    ]);
    expect(rows[0]!['rho (ohm.cm)']).toBe('abc');
    expect(rows[1]!['crystallinity']).toBe('Amorphous');
    expect(rows[1]!['composition']).toBe('In0.2Co4Sb12');
    expect(rows.map((r) => r['_status'])).toEqual(['invalid', 'invalid', 'invalid']);

    // Fixed in place, the error file feeds back with the same mapping: its error columns are ignored.
    const fixed = join(dir, 'errors-fixed.csv');
    writeFileSync(fixed, readFileSync(csvOut, 'utf8').replace(',abc,', ',0.001,').replace(',Amorphous,', ',Polycrystalline,'));
    const again = await cli(['validate', '--sandbox', '--mapping', 'mappings/ucsb_thermoelectrics.yaml', fixed, '--json'], { env });
    expect(JSON.parse(again.stdout)).toMatchObject({ records: 3, valid: 2, invalid: 1, invalidByCode: { REQUIRED_MISSING: 1 } });

    expect(jsonl.code).toBe(1);
    expect(JSON.parse(jsonl.stdout)).toMatchObject({
      invalid: 3,
      invalidByCode: { VALUE_NOT_A_NUMBER: 1, CHOICE_NOT_AN_OPTION: 1, REQUIRED_MISSING: 1 },
    });
    const lines = readFileSync(jsonlOut, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { row: number; problems: { code: string; cell?: string }[]; sourceValues: Record<string, unknown> });
    expect(lines.map((l) => l.row)).toEqual([17, 21, 26]);
    expect(lines[0]!.problems[0]).toMatchObject({ code: 'VALUE_NOT_A_NUMBER', cell: 'F17' });
    expect(lines[0]!.sourceValues['rho (ohm.cm)']).toBe('abc');
  });

  test('--max-errors 1 stops at the first invalid row and says so', async () => {
    const [json, text] = await Promise.all([
      cli(['validate', '--sandbox', '--mapping', 'mappings/ucsb_thermoelectrics.yaml', broken, '--max-errors', '1', '--json'], { env }),
      cli(['validate', '--sandbox', '--mapping', 'mappings/ucsb_thermoelectrics.yaml', broken, '--max-errors', '1'], { env }),
    ]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      invalid: 1,
      records: 16,
      stoppedEarly: true,
      stoppedBy: { code: 'MAX_ERRORS_REACHED', limit: 1 },
    });
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/stopped early after 1 invalid record\(s\) \(--max-errors 1, MAX_ERRORS_REACHED\)/);
  });

  test('mapping problems exit 2 with file:line:col, code and did-you-mean; missing columns with the closest headers', async () => {
    const original = readFileSync(join(root, 'mappings', 'steel_strength.yaml'), 'utf8');
    const unknownField = writeMapping('unknown-field.yaml', original.replace('  屈服强度: yield strength', '  屈服强渡: yield strength'));
    const missingColumn = writeMapping('missing-column.yaml', original.replace('  延伸率: elongation', '  延伸率: elongaton'));
    const [field, column] = await Promise.all([
      cli(['validate', '--sandbox', '--mapping', unknownField, 'samples/steel_strength.csv'], { env, cwd: root }),
      cli(['validate', '--sandbox', '--mapping', missingColumn, 'samples/steel_strength.csv'], { env, cwd: root }),
    ]);
    const line = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
    expect(field.code).toBe(2);
    expect(field.stderr).toMatch(/^error MAPPING_INVALID: /);
    expect(field.stderr).toContain(`${unknownField}:${line(original, '屈服强度: yield')}:3 MAPPING_UNKNOWN_FIELD`);
    expect(field.stderr).toMatch(/did you mean "屈服强度"/);
    expect(field.stderr).not.toMatch(/\n\s+at .*\.js:\d+/);
    expect(column.code).toBe(2);
    expect(column.stderr).toContain(`${missingColumn}:${line(original, '延伸率: elongation')}:`);
    expect(column.stderr).toMatch(/MAPPING_COLUMN_NOT_FOUND .*elongaton.*did you mean "elongation"/);
    expect(field.stdout + column.stdout).toBe('');
  });

  test('a missing or unpublished template, a missing input, a bad flag: exit 2 with their codes', async () => {
    const original = readFileSync(join(root, 'mappings', 'steel_strength.yaml'), 'utf8');
    const missing = writeMapping('t999.yaml', original.replace('template: 201', 'template: 999'));
    const unpublished = writeMapping('t103.yaml', original.replace('template: 201', 'template: 103'));
    const runs = await Promise.all([
      cli(['validate', '--sandbox', '--mapping', missing, 'samples/steel_strength.csv'], { env }),
      cli(['validate', '--sandbox', '--mapping', unpublished, 'samples/steel_strength.csv'], { env }),
      cli(['validate', '--sandbox', '--mapping', 'mappings/steel_strength.yaml', 'samples/nope.csv'], { env }),
      cli(['validate', '--sandbox', '--mapping', 'mappings/steel_strength.yaml', 'samples/steel_strength.csv', '--max-errors', '0'], {
        env,
      }),
      cli(['validate', '--sandbox', '--mapping', 'mappings/nope.yaml', 'samples/steel_strength.csv'], { env }),
    ]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2, 2, 2]);
    expect(runs.map((r) => /^error (\w+):/.exec(r.stderr)?.[1])).toEqual([
      'TEMPLATE_NOT_FOUND',
      'TEMPLATE_UNPUBLISHED',
      'SOURCE_NOT_FOUND',
      'OPTION_INVALID',
      'MAPPING_NOT_FOUND',
    ]);
  });

  test('a template changed since the mapping was written: a warning listing the changed fields', async () => {
    const cacheEnv = { XDG_CACHE_HOME: join(dir, 'cache-changed') };
    const first = await cli(['validate', '--sandbox', '--mapping', 'mappings/steel_strength.yaml', 'samples/steel_strength.csv'], {
      env: cacheEnv,
    });
    expect(first.code).toBe(0);
    const templates = JSON.parse(readFileSync(join(root, 'samples', 'templates.json'), 'utf8')) as {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test edits the template by shape
      templates: Array<Record<string, any>>;
    };
    const t201 = templates.templates.find((t) => t['id'] === 201)!;
    t201['pub_date'] = '2024-10-01 09:00:00';
    t201['content']['延伸率']['misc']['unit'] = '‰';
    const file = join(dir, 'changed-templates.json');
    writeFileSync(file, JSON.stringify(templates));
    const run = await cli(
      ['validate', '--template-file', file, '--mapping', 'mappings/steel_strength.yaml', 'samples/steel_strength.csv'],
      { env: cacheEnv },
    );
    expect(run.stderr).toContain(
      'warning TEMPLATE_CHANGED: template 201 changed since the mapping was written (2024-06-01 10:00:00 → 2024-10-01 09:00:00)',
    );
    expect(run.stderr).toContain('~ 延伸率: unit % → ‰');
  });

  test('a key used twice in one run is DUPLICATE_KEY on the second row, as ingest would report it', async () => {
    const lines = readFileSync(join(root, 'samples', 'steel_strength.csv'), 'utf8')
      .trimEnd()
      .split(/\r?\n/);
    const file = join(dir, 'steel-twice.csv');
    writeFileSync(file, [...lines, lines[3]!].join('\r\n') + '\r\n');
    const run = await cli([
      'validate',
      '--template-file',
      'samples/templates.json',
      '--no-template-cache',
      '--mapping',
      'mappings/steel_strength.yaml',
      file,
      '--json',
    ]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ records: 313, valid: 312, invalid: 1, invalidByCode: { DUPLICATE_KEY: 1 } });
  });

  test('--help shows examples', async () => {
    const help = await runBuiltCli(['validate', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--errors');
    expect(help.stdout).toContain('Examples:');
    expect(help.stdout).toContain('mappings/steel_strength.yaml');
  });
});
