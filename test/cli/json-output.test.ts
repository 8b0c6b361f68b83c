import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { runBuiltCli } from './run-built-cli.js';
import { tempDirSync } from '../helpers/temp-dir.js';

const root = new URL('../../', import.meta.url).pathname;
const dir = tempDirSync('mge-json-');
const env = { XDG_CACHE_HOME: join(dir, 'cache') };
const TEMPLATES = join(root, 'samples', 'templates.json');
const MAPPING = join(root, 'mappings', 'ucsb_thermoelectrics.yaml');

/** The thermoelectrics sample with `broken` number cells (column F, rows 2 onwards) made text. */
function brokenCopy(broken: number): string {
  const records: string[][] = parse(readFileSync(join(root, 'samples', 'ucsb_thermoelectrics.csv')), { relax_column_count: true });
  for (let i = 1; i <= broken; i++) records[i]![5] = `bad${i}`;
  const file = join(dir, `broken-${broken}.csv`);
  writeFileSync(file, records.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n') + '\n');
  return file;
}

interface ErrorJson {
  error: {
    code: string;
    kind: string;
    message: string;
    location?: Record<string, unknown>;
    hint?: string;
    problems?: { code: string; line: number }[];
  };
}

describe('--json for scripts', () => {
  test('validate --json lists every problem, each at its cell, not only the counts (past the 20 the table shows)', async () => {
    const input = brokenCopy(30);
    const run = await runBuiltCli(['validate', '--template-file', TEMPLATES, '--mapping', MAPPING, input, '--json'], { env });
    expect(run.code).toBe(1);
    const out = JSON.parse(run.stdout) as {
      invalid: number;
      problemCount: number;
      problemsOmitted: number;
      problems: Record<string, unknown>[];
    };
    expect(out).toMatchObject({ invalid: 30, problemCount: 30, problemsOmitted: 0 });
    expect(out.problems).toHaveLength(30);
    expect(out.problems[29]).toEqual({
      code: 'VALUE_NOT_A_NUMBER',
      message: 'the cell is not a number',
      at: `${input}!F31`,
      file: input,
      row: 31,
      cell: 'F31',
      header: 'rho (ohm.cm)',
      field: 'content.电阻率',
      expected: 'a number in mΩ·cm',
      found: 'bad30',
    });
  });

  test('a failing command with --json prints {"error": {code, message, location}} on stdout, the text on stderr, and its exit code', async () => {
    const badMapping = join(dir, 'bad.yaml');
    writeFileSync(badMapping, readFileSync(MAPPING, 'utf8').replace(/^template: 202$/m, 'template: 202\nnot_a_key: 1'));
    const [missing, invalid, usage, noJson] = await Promise.all([
      runBuiltCli(
        [
          'validate',
          '--template-file',
          TEMPLATES,
          '--mapping',
          join(dir, 'nope.yaml'),
          join(root, 'samples', 'ucsb_thermoelectrics.csv'),
          '--json',
        ],
        { env },
      ),
      runBuiltCli(
        ['preview', '--template-file', TEMPLATES, '--mapping', badMapping, join(root, 'samples', 'ucsb_thermoelectrics.csv'), '--json'],
        { env },
      ),
      runBuiltCli(['validate', '--bogus-flag', '--json', 'x.csv'], { env }),
      runBuiltCli(['validate', '--template-file', TEMPLATES, '--mapping', join(dir, 'nope.yaml'), 'x.csv'], { env }),
    ]);
    expect([missing.code, invalid.code, usage.code, noJson.code]).toEqual([2, 2, 2, 2]);
    expect(JSON.parse(missing.stdout)).toEqual({
      schemaVersion: 1,
      error: {
        code: 'MAPPING_NOT_FOUND',
        kind: 'mapping',
        message: 'the mapping file does not exist',
        location: { file: join(dir, 'nope.yaml') },
        hint: expect.stringContaining('init'),
      },
    });
    expect(missing.stderr).toMatch(/^error MAPPING_NOT_FOUND: /);
    const mapping = JSON.parse(invalid.stdout) as ErrorJson;
    expect(mapping.error).toMatchObject({ code: 'MAPPING_INVALID', location: { file: badMapping } });
    expect(mapping.error.problems?.[0]).toMatchObject({ code: expect.stringMatching(/^MAPPING_/), line: expect.any(Number) });
    expect((JSON.parse(usage.stdout) as ErrorJson).error).toMatchObject({
      code: 'USAGE',
      kind: 'usage',
      message: expect.stringContaining('bogus-flag'),
    });
    expect(noJson.stdout).toBe('');
  });

  test('a platform failure: the JSON error names the platform, never the token', async () => {
    const token = 'sEcReT-json-token-123';
    const run = await runBuiltCli(['templates', 'list', '--json', '--base-url', 'http://127.0.0.1:9', '--timeout', '2'], {
      env: { ...env, MGE_TOKEN: token },
    });
    expect(run.code).toBe(3);
    const out = JSON.parse(run.stdout) as ErrorJson;
    expect(out.error.kind).toBe('transient');
    expect(`${run.stdout}${run.stderr}`).not.toContain(token);
  });
});
