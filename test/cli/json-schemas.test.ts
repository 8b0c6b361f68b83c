import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { runBuiltCli, type CliResult } from './run-built-cli.js';
import { runCliInTurn } from './run-cli-in-process.js';
import { tempDirSync } from '../helpers/temp-dir.js';
import { platformWorkbookSheets, writeZipWorkbook } from '../helpers/platform-workbook-zip.js';

/**
 * The `--json` contract: every command's output, on success and on failure, checked against its
 * schema in schema/ (README → "JSON output"), as the CLI prints it against the sandbox: in this process
 * (runCli, what the bin runs), and a success and a failure through the built CLI.
 */
const root = new URL('../../', import.meta.url).pathname;
const dir = tempDirSync('mge-json-schemas-');
const env = { XDG_CACHE_HOME: join(dir, 'cache') };
const MAPPING = join(root, 'mappings', 'steel_strength.yaml');
const UNREACHABLE = ['--base-url', 'http://127.0.0.1:9', '--timeout', '2'];

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, strictRequired: false });
const schemaFiles = readdirSync(join(root, 'schema')).filter((f) => f.endsWith('-output.schema.json'));
const schemas = new Map(
  schemaFiles.map((f) => {
    const schema = JSON.parse(readFileSync(join(root, 'schema', f), 'utf8')) as { $id: string; type: string };
    return [f.replace('.schema.json', ''), { schema, validate: ajv.compile(schema) }];
  }),
);
const checked = new Set<string>();

/** The first rows of the steel sample, the yield strength (column P) of the first `broken` of them made text. */
function steelCsv(name: string, broken: number): string {
  const lines = readFileSync(join(root, 'samples', 'steel_strength.csv'), 'utf8')
    .split('\n')
    .slice(0, 6);
  const out = lines.map((line, i) =>
    i >= 1 && i <= broken
      ? line
          .split(',')
          .map((c, j) => (j === 15 ? `bad${i}` : c))
          .join(',')
      : line,
  );
  const file = join(dir, name);
  writeFileSync(file, `${out.join('\n')}\n`);
  return file;
}

/** Runs the CLI in the test folder, in this process (in turn: see runCliInTurn). */
function cli(args: readonly string[], extraEnv: Record<string, string> = {}): Promise<CliResult> {
  return runCliInTurn(args, { env: { ...env, ...extraEnv }, cwd: dir });
}

/** Runs the built CLI in the test folder: its stdout as a script reads it. */
function builtCli(args: readonly string[]): Promise<CliResult> {
  return runBuiltCli(args, { env, cwd: dir });
}

/** The schema's complaints about `data` (none when it conforms). */
function complaints(output: string, data: unknown): unknown[] {
  const entry = schemas.get(output);
  if (entry === undefined) throw new Error(`no schema/${output}.schema.json`);
  checked.add(output);
  return entry.validate(data) ? [] : (entry.validate.errors ?? []);
}

/**
 * Checks one run: its exit code, its stdout against the schema, and that the schema is strict enough
 * that renaming any top-level field (of the first element, for an array) fails it.
 */
function expectConforms(run: CliResult, output: string, code: number): unknown {
  expect({ code: run.code, stderr: run.code === code ? '' : run.stderr }).toEqual({ code, stderr: '' });
  const data = JSON.parse(run.stdout) as unknown;
  expect(complaints(output, data)).toEqual([]);
  const object = (Array.isArray(data) ? data[0] : data) as Record<string, unknown> | undefined;
  expect(object).toEqual(expect.any(Object));
  for (const key of Object.keys(object ?? {})) {
    const renamed = Object.fromEntries(Object.entries(object ?? {}).map(([k, v]) => [k === key ? `${k}Renamed` : k, v]));
    const mutated = Array.isArray(data) ? [renamed, ...data.slice(1)] : renamed;
    expect({ key, complaints: complaints(output, mutated).length > 0 }).toEqual({ key, complaints: true });
  }
  return data;
}

describe('--json outputs match their schemas in schema/', () => {
  test('categories, projects, templates list and show: success, and a platform failure each', async () => {
    const token = { MGE_TOKEN: 'json-schema-token' };
    const runs = await Promise.all([
      cli(['categories', '--sandbox', '--json']),
      cli(['projects', '--sandbox', '--json']),
      cli(['templates', 'list', '--sandbox', '--json']),
      builtCli(['templates', 'show', '101', '--sandbox', '--json']),
      cli(['categories', '--json', ...UNREACHABLE], token),
      cli(['projects', '--json', ...UNREACHABLE], token),
      cli(['templates', 'list', '--json', ...UNREACHABLE], token),
      cli(['templates', 'show', '999', '--sandbox', '--json']),
    ]);
    const [categories, projects, list, show, ...failures] = runs;
    expectConforms(categories, 'categories-output', 0);
    expectConforms(projects, 'projects-output', 0);
    expectConforms(list, 'templates-list-output', 0);
    const template = expectConforms(show, 'templates-show-output', 0) as { schemaVersion: number; fields: { type: string }[] };
    expect(template.schemaVersion).toBe(1);
    // The sandbox's other published templates: between them every field type, each branch of the field schema.
    const shown = await Promise.all([102, 201, 202, 203].map((tid) => cli(['templates', 'show', String(tid), '--sandbox', '--json'])));
    for (const run of shown) expectConforms(run, 'templates-show-output', 0);
    const codes = failures.map((run, i) => (expectConforms(run, 'error-output', i < 3 ? 3 : 2) as { error: { code: string } }).error.code);
    expect(codes).toEqual(['NETWORK_ERROR', 'NETWORK_ERROR', 'NETWORK_ERROR', 'TEMPLATE_NOT_FOUND']);
  });

  test('validate and preview: valid rows, invalid rows, and a mapping that does not load', async () => {
    const good = steelCsv('good.csv', 0);
    const bad = steelCsv('bad.csv', 3);
    const badMapping = join(dir, 'bad.yaml');
    writeFileSync(badMapping, readFileSync(MAPPING, 'utf8').replace(/^template: 201$/m, 'template: 201\nnot_a_key: 1'));
    const [valid, invalid, stopped, missing, preview, previewInvalid, previewBad] = await Promise.all([
      cli(['validate', '--sandbox', '--mapping', MAPPING, good, '--json']),
      cli(['validate', '--sandbox', '--mapping', MAPPING, bad, '--json', '--errors', 'errors.csv', '--html', 'v.html']),
      cli(['validate', '--sandbox', '--mapping', MAPPING, bad, '--json', '--max-errors', '1']),
      builtCli(['validate', '--sandbox', '--mapping', join(dir, 'nope.yaml'), good, '--json']),
      cli(['preview', '--sandbox', '--mapping', MAPPING, good, '--rows', '2', '--json']),
      cli(['preview', '--sandbox', '--mapping', MAPPING, bad, '--rows', '1', '--json']),
      cli(['preview', '--sandbox', '--mapping', badMapping, good, '--json']),
    ]);
    expectConforms(valid, 'validate-output', 0);
    const out = expectConforms(invalid, 'validate-output', 1) as {
      invalid: number;
      problems: unknown[];
      html?: unknown;
      errorsFile?: string;
    };
    expect(out).toMatchObject({ invalid: 3, errorsFile: 'errors.csv', html: { file: expect.any(String) } });
    expect(out.problems).toHaveLength(3);
    expect(expectConforms(stopped, 'validate-output', 1)).toMatchObject({ stoppedEarly: true, stoppedBy: { code: 'MAX_ERRORS_REACHED' } });
    expect(expectConforms(missing, 'error-output', 2)).toMatchObject({ schemaVersion: 1, error: { code: 'MAPPING_NOT_FOUND' } });
    expect(expectConforms(preview, 'preview-output', 0)).toMatchObject({ schemaVersion: 1, records: [{ valid: true }, { valid: true }] });
    expect(expectConforms(previewInvalid, 'preview-output', 1)).toMatchObject({ records: [{ valid: false, problems: [{}] }] });
    expect(expectConforms(previewBad, 'error-output', 2)).toMatchObject({ error: { code: 'MAPPING_INVALID', problems: [{}] } });
  });

  test('ingest, report and report compact: a clean run, a run with invalid rows, a dry run, and failures', async () => {
    const good = steelCsv('ingest-good.csv', 0);
    const bad = steelCsv('ingest-bad.csv', 2);
    const ingest = (report: string, input: string, ...more: string[]): Promise<CliResult> =>
      cli(['ingest', '--sandbox', '--quiet', '--mapping', MAPPING, '--report', report, input, '--json', ...more]);
    const [clean, invalid, dry, noInput] = await Promise.all([
      ingest('good.jsonl', good),
      ingest('bad.jsonl', bad),
      ingest('dry.jsonl', good, '--dry-run'),
      ingest('none.jsonl', join(dir, 'no-such.csv')),
    ]);
    expect(expectConforms(clean, 'ingest-output', 0)).toMatchObject({ schemaVersion: 1, counts: { uploaded: 5 } });
    expect(expectConforms(invalid, 'ingest-output', 1)).toMatchObject({ counts: { uploaded: 3, invalid: 2 } });
    expect(expectConforms(dry, 'ingest-output', 0)).toMatchObject({ dryRun: true, plans: expect.any(Object) });
    expect(expectConforms(noInput, 'error-output', 2)).toMatchObject({ error: { kind: 'source' } });

    const [report, reportInvalid, reportMissing, compactMissing] = await Promise.all([
      cli(['report', 'good.jsonl', '--json']),
      cli(['report', 'bad.jsonl', '--json', '--failed-out', 'failed.csv']),
      cli(['report', 'no-such.jsonl', '--json']),
      cli(['report', 'compact', 'no-such.jsonl', '--json']),
    ]);
    expect(expectConforms(report, 'report-output', 0)).toMatchObject({ schemaVersion: 1, outstanding: 0 });
    expect(expectConforms(reportInvalid, 'report-output', 1)).toMatchObject({
      outstanding: 2,
      errors: [{ status: 'invalid' }],
      failedOut: { rows: 2 },
    });
    expectConforms(reportMissing, 'error-output', 2);
    expectConforms(compactMissing, 'error-output', 2);
    expect(expectConforms(await cli(['report', 'compact', 'bad.jsonl', '--json']), 'report-compact-output', 0)).toMatchObject({ keys: 5 });
  });

  test('a platform workbook with a row of no record: validate, ingest and report list it apart from the records', async () => {
    const book = join(dir, 'stray.xlsx');
    writeZipWorkbook(book, platformWorkbookSheets({ records: 2, extraComposition: [['R9', 'Ni', 52.8, 'ICP-AES']] }));
    const meta = ['--source', '10', '--methods', 'experiment'];
    const [validated, ingested] = await Promise.all([
      cli(['validate', '--sandbox', book, ...meta, '--json']),
      cli(['ingest', '--sandbox', '--quiet', book, ...meta, '--report', 'stray.jsonl', '--json']),
    ]);
    expect(expectConforms(validated, 'validate-output', 1)).toMatchObject({ records: 2, invalid: 0, stray: 1, problemCount: 1 });
    expect(expectConforms(ingested, 'ingest-output', 1)).toMatchObject({
      counts: { uploaded: 2, invalid: 0 },
      stray: { rows: 1, problems: [{ code: 'WORKBOOK_UNKNOWN_ID', sheet: '3', cell: 'A6' }] },
    });
    expect(expectConforms(await cli(['report', 'stray.jsonl', '--json']), 'report-output', 1)).toMatchObject({
      keys: 2,
      outstanding: 1,
      stray: { rows: 1, problems: [{ code: 'WORKBOOK_UNKNOWN_ID' }] },
    });
  });

  test('every output schema is checked above, compiles strictly, and versions its output', () => {
    expect([...checked].sort()).toEqual([...schemas.keys()].sort());
    for (const [name, { schema }] of schemas) {
      expect({ name, id: schema.$id }).toEqual({ name, id: `urn:mge-ingest:${name}:v1` });
      const properties = (schema as { properties?: Record<string, unknown>; required?: string[] }).properties;
      // An object carries its version; a bare array (kept for the scripts that read it) has it in `$id` only.
      if (schema.type === 'object') {
        expect({ name, version: properties?.['schemaVersion'] }).toEqual({ name, version: { const: 1 } });
        expect((schema as { required?: string[] }).required).toContain('schemaVersion');
      } else expect({ name, type: schema.type }).toEqual({ name, type: 'array' });
    }
  });
});
